import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a client's attempts are counted on (sign-in throttling, the contact form's
 * limit): IPv4 as it is, IPv6 by its /64 (one subscriber's network: trying from each of its
 * addresses gains nothing).
 */
export function clientAddress(clientIp: string): string {
  const ip = clientIp.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip === '' ? 'unknown' : ip.toLowerCase();
  const [head = '', tail] = ip.split('::');
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const front = groups(head);
  const back = groups(tail ?? '');
  const zeros = Array<string>(8 - front.length - back.length).fill('0');
  const prefix = [...front, ...zeros, ...back].slice(0, 4);
  return `${prefix.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

export const EMAIL_MAX = 254;

/**
 * An email address as accounts and the contact form take it (already trimmed): deliberately
 * simple, one @, a dot in the domain, no spaces, at most 254 characters; the inbox is the real
 * check.
 */
export function isEmailAddress(email: string): boolean {
  return email.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}
