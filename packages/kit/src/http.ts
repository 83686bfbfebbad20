/**
 * What the test clients of the HTTP API (the gateway's tests, e2e's and the fault suite's
 * ApiClient) read of an answer: a cookie jar of one session cookie, and the body whole.
 */

/** The session cookie after `res`: its Set-Cookie's `name=value` (empty once cleared), else `current`. */
export function cookieAfter(res: Response, current: string): string {
  const setCookie = res.headers.get('set-cookie');
  if (!setCookie) return current;
  const value = setCookie.split(';')[0]!;
  return value.endsWith('=') ? '' : value;
}

/** An answer read whole: its status, headers and text, and the text's JSON (undefined if none). */
export async function readAnswer<T>(
  res: Response,
): Promise<{ status: number; headers: Headers; text: string; json: T }> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: json as T };
}
