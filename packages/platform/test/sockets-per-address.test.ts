import { SocketsPerAddress } from '../src';

describe('SocketsPerAddress', () => {
  it('holds at most max places per address, each address on its own', () => {
    const places = new SocketsPerAddress(2);
    expect([places.reserve('a'), places.reserve('a'), places.reserve('a')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(places.reserve('b')).toBe(true);
    expect([places.count('a'), places.count('b'), places.count('c')]).toEqual([2, 1, 0]);
  });

  it('a released place can be reserved again; releasing never goes below zero', () => {
    const places = new SocketsPerAddress(1);
    expect(places.reserve('a')).toBe(true);
    places.release('a');
    expect(places.count('a')).toBe(0);
    places.release('a');
    expect(places.count('a')).toBe(0);
    expect(places.reserve('a')).toBe(true);
    expect(places.reserve('a')).toBe(false);
  });
});
