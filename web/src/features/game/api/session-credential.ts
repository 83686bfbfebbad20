// A player session's credential (docs/api.md 'Player sessions'): kept in memory only and sent as
// `X-Session-Credential` on every later call about the session.

export const CREDENTIAL_HEADER = 'X-Session-Credential';

/** The header that proves the caller started the session (none for an account's own game). */
export function credentialHeaders(credential: string): Record<string, string> {
  return credential ? { [CREDENTIAL_HEADER]: credential } : {};
}
