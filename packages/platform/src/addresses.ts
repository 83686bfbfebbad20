import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/** '::ffff:127.0.0.1' and '127.0.0.1' are the same client. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * The client's address of a raw HTTP request (a WebSocket handshake, outside Express), trusting
 * X-Forwarded-For only for `trustedHops` proxies in front of us (as Express does with a numeric
 * 'trust proxy'): the entry that many steps from the right, so an address a client wrote into
 * the header itself is never believed. The gateway's socket proxy and realtime both count it.
 */
export function clientIp(req: IncomingMessage, trustedHops: number): string {
  const remote = unmapped(req.socket.remoteAddress ?? 'unknown');
  if (trustedHops === 0) return remote;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [remote, ...forwarded.reverse()];
  return unmapped(chain[Math.min(trustedHops, chain.length - 1)]!);
}

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
