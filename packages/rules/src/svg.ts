/**
 * What an SVG icon may refer to (docs/api.md 'Icons'): the ads service refuses an upload that
 * refers elsewhere, and the web drops such references from what it draws. Both apply it in a
 * DOMPurify hook on each attribute, with the same profile (SVG_PURIFY_PROFILE).
 */

/** A reference inside the drawing (`#id`) or an inline PNG, JPEG or WebP image. */
const INSIDE_REFERENCE = /^(#|data:image\/(png|jpeg|webp);base64,)/;
/** `url(...)` in an attribute or a style that points anywhere but inside the drawing. */
const OUTSIDE_URL = /url\(\s*['"]?\s*(?![\s'"#])/i;

/** Whether an SVG attribute may stay: an href inside the file, no `url(...)` outside it. */
export function isSvgAttributeKept(name: string, value: string): boolean {
  const isHref = name === 'href' || name === 'xlink:href';
  if (isHref && !INSIDE_REFERENCE.test(value)) return false;
  return !OUTSIDE_URL.test(value);
}

/** Whether a value holds a `url(...)` pointing outside the drawing. */
export const refersOutside = (value: string): boolean => OUTSIDE_URL.test(value);

/** DOMPurify's settings for icons (plain data, so this package needs no DOMPurify). */
export const SVG_PURIFY_PROFILE = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <style> would apply to a whole page that inlines the icon; the game draws none of it.
  FORBID_TAGS: ['foreignObject', 'style'],
  // DOMPurify leaves out <use> for its external references; the hook allows only '#…' ones.
  ADD_TAGS: ['use'],
} as const;
