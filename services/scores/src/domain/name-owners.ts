import { playerNameKeys } from '@ballmatch/platform';
import type { NameLookup, NameOwnership } from './player-name';

/**
 * Auth's answers to "who owns this name" (ResolveName), remembered by this process for `ttlMs`
 * so that a player's next games under the same name do not each cost a gRPC call to auth.
 * Both parts of an answer depend only on the name's look-alike keys (platform's
 * playerNameKeys: auth finds owners by them; protected names are compared by them too), so the
 * set of them is what an answer is remembered by. Two names may share one key and not another
 * ('ilse' and 'Ilse', which also reads as 'llse'): they are asked apart.
 *
 * The window (docs/architecture.md 'Who owns a name'): a registration or rename commits in
 * auth and its user.named event reaches this process some milliseconds later; `forget` then
 * drops every answer about a name sharing a key with either name. Until then a guest may still
 * post under a name just taken. A missed event (this process off NATS: `clear` runs on
 * reconnecting) leaves a stale answer for `ttlMs` at most. An answer that was on its way while
 * a name changed is not kept (`epoch`).
 */
export function createNameOwnerCache(
  lookup: NameLookup,
  options: { ttlMs: number; maxEntries?: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { answer: NameOwnership; keys: string[]; until: number }>();
  // Moves on at every forget/clear: an answer asked before that may predate the change.
  let epoch = 0;

  return {
    lookup: (async (name) => {
      if (options.ttlMs <= 0) return lookup(name);
      const keys = playerNameKeys(name);
      const key = [...keys].sort().join('\n');
      const known = entries.get(key);
      if (known && known.until > now()) return known.answer;
      const asked = epoch;
      const answer = await lookup(name);
      if (asked === epoch) {
        entries.delete(key);
        // The oldest entry makes room (a Map keeps insertion order).
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { answer, keys, until: now() + options.ttlMs });
      }
      return answer;
    }) satisfies NameLookup,

    /** Who owns these names changed (auth's user.named or user.deleted). */
    forget(names: string[]): void {
      epoch += 1;
      const changed = new Set(names.filter(Boolean).flatMap((name) => playerNameKeys(name)));
      for (const [key, entry] of entries) {
        if (entry.keys.some((k) => changed.has(k))) entries.delete(key);
      }
    },

    /** Events may have been missed: nothing remembered holds. */
    clear(): void {
      epoch += 1;
      entries.clear();
    },
  };
}

export type NameOwnerCache = ReturnType<typeof createNameOwnerCache>;

/**
 * The names an auth `user.*` event says changed hands (user.named: the new and the previous
 * username; user.deleted: the freed one), read from its JSON payload; null when it names none
 * this process can read (then everything is forgotten, to be safe).
 */
export function namesInUserEvent(payload: unknown): string[] | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { username, previousUsername } = payload as Record<string, unknown>;
  const names = [username, previousUsername].filter(
    (n): n is string => typeof n === 'string' && n !== '',
  );
  return names.length > 0 ? names : null;
}
