/**
 * The link and image addresses an update keeps (docs/api.md 'Updates', Sanitising): the content
 * service removes any other on save, and the editor refuses them before. The one home of the rule.
 */

/** Spaces, control characters and backslashes (which browsers read as `/`) are in no address. */
const NEVER = /[\p{Cc}\s\\]/u;

/**
 * A link: `http(s)://` and a host, `mailto:` and an address (`name@domain`), or a path on this
 * site (`/…`, never `//…`, which leaves it).
 */
export function isAllowedHref(href: string): boolean {
  if (NEVER.test(href)) return false;
  return (
    /^https?:\/\/[^/]/i.test(href) || /^mailto:[^@/]+@[^@]+$/i.test(href) || /^\/(?!\/)/.test(href)
  );
}

/** An image: `https://` and a host, or this site's stored media (`/api/media/<key>`). */
export function isAllowedImageSrc(src: string): boolean {
  if (NEVER.test(src)) return false;
  return /^https:\/\/[^/]/i.test(src) || /^\/api\/media\/[A-Za-z0-9._-]+$/.test(src);
}
