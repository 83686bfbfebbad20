import { paths } from '@/config/paths';

/** The sign-in address that comes back to `path` (a path of this site, with its query). */
export function signInFor(path: string): string {
  return `${paths.auth}?${new URLSearchParams({ next: path })}`;
}

/**
 * The page a guest was on the way to when sent to sign in (`?next=`), or null. Only a path of
 * this site counts: anything the browser would resolve to another origin ('//host', '/\host',
 * 'https://…', 'javascript:…') is ignored, so the link cannot send a user off the site.
 */
export function returnPath(next: string | null): string | null {
  if (!next?.startsWith('/')) return null;
  const base = 'http://ballmatch.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname === paths.login || url.pathname === paths.auth) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
