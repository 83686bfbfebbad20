import type { IncomingMessage } from 'node:http';

/** '::ffff:127.0.0.1' and '127.0.0.1' are the same client. */
function normalize(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

/**
 * The client's address, trusting X-Forwarded-For only for `trustedHops` proxies in front of
 * us (as Express does with a numeric 'trust proxy'): the entry that many steps from the right,
 * so an address a client wrote into the header itself is never believed.
 */
export function clientIp(req: IncomingMessage, trustedHops: number): string {
  const remote = normalize(req.socket.remoteAddress ?? 'unknown');
  if (trustedHops === 0) return remote;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [remote, ...forwarded.reverse()];
  return normalize(chain[Math.min(trustedHops, chain.length - 1)]!);
}
