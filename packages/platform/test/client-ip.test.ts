import type { IncomingMessage } from 'node:http';
import { clientIp } from '../src';

describe('clientIp', () => {
  const req = (remoteAddress: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }) as unknown as IncomingMessage;

  it('uses the peer address when no proxy is trusted', () => {
    expect(clientIp(req('::ffff:10.1.2.3', '1.1.1.1'), 0)).toBe('10.1.2.3');
  });

  it('takes the entry the trusted hops added, never one the client wrote', () => {
    expect(clientIp(req('10.0.0.5', '6.6.6.6, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientIp(req('10.0.0.5', '6.6.6.6, 203.0.113.9, 10.0.0.4'), 2)).toBe('203.0.113.9');
    expect(clientIp(req('10.0.0.5'), 1)).toBe('10.0.0.5');
    expect(clientIp(req('10.0.0.5', '::ffff:192.0.2.1'), 3)).toBe('192.0.2.1');
  });
});
