// The order form's own checks, before anything is sent (docs/api.md 'Buying' has the server's,
// which stay the rule: its answers land under the same fields).
import type { BallColor } from '@/components/ui/ball';
import { randomUuid } from '@/lib/device';
import type { AdKind, OrderInput, UploadedImage } from '../api/types';

export type OrderField = 'color' | 'image' | 'destinationUrl' | 'runDays';
export type OrderErrors = Partial<Record<OrderField, string>>;

export interface OrderDraft {
  color: BallColor | null;
  image: UploadedImage | null;
  destinationUrl: string;
  runDays: number | null;
}

/** As the server: at most 2000 characters. */
export const MAX_DESTINATION_LENGTH = 2000;

export const ORDER_MESSAGES = {
  color: 'Choose the colour of the balls your image goes on',
  image: 'Upload your image',
  destinationRequired: 'Enter the https:// address the ad links to',
  destinationHttps: 'The address must be an https:// address',
  destinationLength: `The address may be at most ${MAX_DESTINATION_LENGTH} characters`,
  runDays: 'Choose how long the ad runs',
} as const;

function destinationError(value: string): string | undefined {
  const url = value.trim();
  if (!url) return ORDER_MESSAGES.destinationRequired;
  if (url.length > MAX_DESTINATION_LENGTH) return ORDER_MESSAGES.destinationLength;
  try {
    if (new URL(url).protocol !== 'https:') return ORDER_MESSAGES.destinationHttps;
  } catch {
    return ORDER_MESSAGES.destinationHttps;
  }
  return undefined;
}

/** The order to send, or what is missing or wrong, field by field. */
export function checkOrder(
  kind: AdKind,
  draft: OrderDraft,
): { input: OrderInput; errors?: undefined } | { input?: undefined; errors: OrderErrors } {
  const errors: OrderErrors = {};
  if (kind === 'ball' && !draft.color) errors.color = ORDER_MESSAGES.color;
  if (!draft.image) errors.image = ORDER_MESSAGES.image;
  const destination = destinationError(draft.destinationUrl);
  if (destination) errors.destinationUrl = destination;
  if (draft.runDays === null) errors.runDays = ORDER_MESSAGES.runDays;
  if (Object.keys(errors).length > 0 || !draft.image || draft.runDays === null) return { errors };
  return {
    input: {
      kind,
      ...(kind === 'ball' && draft.color ? { color: draft.color } : {}),
      imageKey: draft.image.key,
      destinationUrl: draft.destinationUrl.trim(),
      runDays: draft.runDays,
    },
  };
}

/** The form field a server answer's `field` is about (`imageKey` is the image). */
export function orderFieldOf(field: string | undefined): OrderField | undefined {
  switch (field) {
    case 'color':
    case 'destinationUrl':
    case 'runDays':
      return field;
    case 'imageKey':
    case 'image':
      return 'image';
    default:
      return undefined;
  }
}

/** The image types the server takes (it checks the bytes; this only spares a wasted upload). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** What is wrong with a chosen file before it is sent, if anything. */
export function fileError(file: File, maxBytes: number): string | undefined {
  if (file.type && !IMAGE_TYPES.has(file.type)) return 'The file is not a PNG, JPEG or WebP image';
  if (file.size > maxBytes) {
    return `Images may be at most ${Math.floor(maxBytes / (1024 * 1024))} MB`;
  }
  return undefined;
}

/**
 * The key that makes one purchase of one form (crypto.randomUUID, or the same shape by hand
 * outside a secure context): a double click or a retry sends the same.
 */
export const newIdempotencyKey = randomUuid;
