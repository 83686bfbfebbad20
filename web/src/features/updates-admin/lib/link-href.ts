// Link and image addresses the server keeps are the rule it shares with this editor
// (@ballmatch/rules, docs/api.md 'Updates'): anything else would lose its link when saved, so the
// editor refuses it first.
import { isAllowedHref } from '@ballmatch/rules';

export { isAllowedHref, isAllowedImageSrc } from '@ballmatch/rules';

/** `value` as a link the server keeps ('example.com' becomes https://example.com), or null. */
export function linkHref(value: string): string | null {
  const text = value.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('/');
  // A bare word is no address: 'news' would be https://news.
  if (!hasScheme && !/^[^/]+\.[^/.]/.test(text)) return null;
  const href = hasScheme ? text : `https://${text}`;
  return isAllowedHref(href) ? href : null;
}
