/** Where the ad leads, as text the admin can read whole; linked only when it is https. */
export function DestinationLink({ url }: { url: string }) {
  let https = false;
  try {
    https = new URL(url).protocol === 'https:';
  } catch {
    // Not a URL: shown as text only.
  }
  if (!https)
    return <span className="ad-destination">{url} (not an https address: not linked)</span>;
  return (
    <a className="ad-destination" href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}
