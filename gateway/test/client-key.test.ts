// The ad client key is keyed: without the deployment's secret, a copy of the ads service's
// offers cannot be turned back into addresses by hashing every IPv4 address.
import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { clientKeyOf } from '../src/client-key';

const newSecret = () => randomBytes(32).toString('base64url');
const from = (ip: string) => ({ ip });

describe('the ad client key', () => {
  const secret = newSecret();

  it('is one key for one address under one secret, on every replica', () => {
    const replicaA = clientKeyOf(secret);
    const replicaB = clientKeyOf(secret);
    expect(replicaA(from('203.0.113.7'))).toBe(replicaA(from('203.0.113.7')));
    expect(replicaB(from('203.0.113.7'))).toBe(replicaA(from('203.0.113.7')));
    expect(replicaA(from('203.0.113.8'))).not.toBe(replicaA(from('203.0.113.7')));
  });

  it('is another key for the same address under another secret', () => {
    const address = from('198.51.100.23');
    expect(clientKeyOf(newSecret())(address)).not.toBe(clientKeyOf(secret)(address));
  });

  it('is not the unkeyed hash of the address anyone could compute', () => {
    const ip = '192.0.2.1';
    const unkeyed = (text: string) => createHash('sha256').update(text).digest('base64url');
    const key = clientKeyOf(secret)(from(ip));
    expect([unkeyed(ip), unkeyed(`ballmatch-ad-client:${ip}`)]).not.toContain(key);
  });

  it('never contains the address, as text or base64', () => {
    const key = clientKeyOf(secret);
    const addresses = fc.oneof(fc.ipV4(), fc.ipV6());
    fc.assert(
      fc.property(addresses, (ip) => {
        const made = key(from(ip));
        expect(made).toMatch(/^[\w-]{43}$/); // 32 bytes of HMAC-SHA-256, base64url
        expect(made).not.toContain(ip);
        expect(made).not.toContain(Buffer.from(ip).toString('base64url').slice(0, 8));
      }),
    );
  });
});
