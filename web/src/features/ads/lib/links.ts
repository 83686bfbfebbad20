/** Whether a server-given link may be followed: an https address or a path of this site. */
export function isSafeLink(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
