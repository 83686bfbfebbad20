// Link and image addresses the server keeps (docs/api.md 'Sanitising'): links http:, https:,
// mailto: or a path on this site. Anything else would lose its link when saved, so the editor
// refuses it first.

/** `value` as a link the server keeps ('example.com' becomes https://example.com), or null. */
export function linkHref(value: string): string | null {
  const text = value.trim();
  if (!text || /\s/.test(text)) return null;
  if (text.startsWith('/')) return text.startsWith('//') ? null : text;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(text)) return text;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
      ? withScheme
      : null;
  } catch {
    return null;
  }
}

/** The editor's own check of a link it is about to make or keep. */
export const isAllowedHref = (href: string) => linkHref(href) === href;

/** Image addresses the server keeps: https://… or this site's /api/media/…. */
export const isAllowedImageSrc = (src: string) =>
  src.startsWith('https://') || src.startsWith('/api/media/');
