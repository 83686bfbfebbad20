import { AppError } from '@ballmatch/platform';
import { COLORS } from '@ballmatch/engine';
import type { AdKind } from '../store/ads';

/** The checks of an order's fields (docs/api.md 'Orders'), each naming its field. */

const invalid = (field: string, message: string) =>
  new AppError('INVALID_ARGUMENT', message, { field });

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
export const MAX_DESTINATION_LENGTH = 2000;

export function checkIdempotencyKey(key: string): string {
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw invalid('idempotencyKey', 'Idempotency-Key must be 8 to 100 letters, digits, - or _');
  }
  return key;
}

export function checkKind(kind: string): AdKind {
  if (kind !== 'ball' && kind !== 'banner') throw invalid('kind', 'kind must be ball or banner');
  return kind;
}

/** A ball ad's colour (one of the six); a banner has none. */
export function checkColor(kind: AdKind, color: string): string {
  if (kind === 'banner') {
    if (color !== '') throw invalid('color', 'A banner ad has no color');
    return '';
  }
  if (!(COLORS as readonly string[]).includes(color)) {
    throw invalid('color', `color must be one of: ${COLORS.join(', ')}`);
  }
  return color;
}

/** An https:// address with a host and no credentials, as the URL parser writes it. */
export function checkDestinationUrl(text: string): string {
  const tooLong = () =>
    invalid('destinationUrl', `destinationUrl may be at most ${MAX_DESTINATION_LENGTH} characters`);
  if (text.length > MAX_DESTINATION_LENGTH) throw tooLong();
  let url: URL | null = null;
  // Whitespace or control characters anywhere are refused, not trimmed away by the parser.
  if (!/[\s\p{Cc}]/u.test(text)) {
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
  }
  if (!url || url.protocol !== 'https:' || !url.hostname) {
    throw invalid('destinationUrl', 'destinationUrl must be an https:// address');
  }
  if (url.username || url.password) {
    throw invalid('destinationUrl', 'destinationUrl must not contain a user name or password');
  }
  // The parser's form (percent-encoded) is what is stored and checked.
  if (url.href.length > MAX_DESTINATION_LENGTH) throw tooLong();
  return url.href;
}
