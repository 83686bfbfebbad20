// The cookie consent choice, kept on this device as true/false with a timestamp (docs/product.md
// 'Cookies and audio').

export const CONSENT_KEY = 'cookieConsent';
export const COOKIE_BANNER_DELAY_MS = 1000;

export interface ConsentRecord {
  accepted: boolean;
  timestamp: string;
}

export function readConsent(): ConsentRecord | null {
  try {
    const text = window.localStorage.getItem(CONSENT_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<ConsentRecord>;
    return typeof value?.accepted === 'boolean' && typeof value.timestamp === 'string'
      ? { accepted: value.accepted, timestamp: value.timestamp }
      : null;
  } catch {
    return null;
  }
}

export function saveConsent(accepted: boolean, now = new Date()): void {
  try {
    window.localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ accepted, timestamp: now.toISOString() } satisfies ConsentRecord),
    );
  } catch {
    // Without storage the banner simply asks again next visit.
  }
}
