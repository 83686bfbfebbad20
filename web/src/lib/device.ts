// Identifiers sent with a player session (docs/product.md 'Player sessions'): a random id per page
// load, and a 50-character fingerprint encoded from browser and screen details, the timezone
// offset, the language and the platform.

export const FINGERPRINT_LENGTH = 50;

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An RFC 4122 version-4 UUID (crypto.randomUUID needs a secure context; this does not). */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context: build one by hand below.
    }
  }
  const hex = randomHex(16).split('');
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

let pageSessionId: string | null = null;

/** The random id of this page load. */
export function pageSessionUuid(): string {
  pageSessionId ??= randomUuid();
  return pageSessionId;
}

/** 53-bit string hash (cyrb53), one of several mixed into the fingerprint. */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The device details the fingerprint is made of. */
export function deviceDetails(): string {
  const nav = navigator;
  const scr = window.screen;
  return [
    nav.userAgent,
    nav.language,
    nav.platform,
    nav.hardwareConcurrency,
    scr?.width,
    scr?.height,
    scr?.colorDepth,
    window.devicePixelRatio,
    new Date().getTimezoneOffset(),
  ].join('|');
}

/** A 50-character, stable encoding of the device details (no raw details leave the device). */
export function deviceFingerprint(details: string = deviceDetails()): string {
  let out = '';
  for (let seed = 1; out.length < FINGERPRINT_LENGTH; seed++) {
    out += hash53(details, seed).toString(36).padStart(11, '0');
  }
  return out.slice(0, FINGERPRINT_LENGTH);
}
