import type { Redis } from '@ballmatch/platform';
import { COUNTS_KEY } from './counters';

/**
 * Offers in Redis. An offer is a hash `ads:offer:<nonce>` that expires with the offer. What an
 * offer has already counted is remembered per scope: a game session's impressions in
 * `ads:seen:<sessionId>` (so a resume's new offers do not count again), a banner offer's in
 * its own hash, a click in the offer's hash.
 */
export type OfferKind = 'ad' | 'icon' | 'house';

export interface StoredOffer {
  /** '' for a banner's offer (tied to the client only). */
  sessionId: string;
  kind: OfferKind;
  /** '' for an icon and the house ad. */
  adId: string;
  /** The ball colour of a face; '' for the reward and banners. */
  color: string;
  clientKey: string;
  /** The game's reward offer ('Watch Ad'). */
  reward: boolean;
  /** Epoch ms, by the service's clock (Redis also drops the hash then, by its own). */
  expiresAt: number;
  /** Its link was followed already (a click counts once per offer). */
  clicked: boolean;
}

/** An offer as it is made (not yet followed). */
export type NewOffer = Omit<StoredOffer, 'clicked'>;

export const offerKey = (nonce: string) => `ads:offer:${nonce}`;
const sessionSeenKey = (sessionId: string) => `ads:seen:${sessionId}`;

/** Where an offer's impressions are remembered: its game session, else the offer itself. */
const seenKeyOf = (nonce: string, offer: Pick<StoredOffer, 'sessionId'>) =>
  offer.sessionId ? sessionSeenKey(offer.sessionId) : offerKey(nonce);

/** Field names inside a seen hash (not the offer's own field names). */
export const seenField = (what: { kind: 'ad' | 'icon'; id: string }) =>
  `seen:${what.kind}:${what.id}`;

/**
 * Counts an impression once per scope: KEYS[1] the offer, KEYS[2] its seen hash, KEYS[3] the
 * counters; ARGV[1] the seen field, ARGV[2] the counter field. Marking and counting happen
 * together or not at all. The mark lives at least as long as the offer (Redis's clock).
 * -> -1 the offer is gone, 0 already counted, 1 counted.
 */
const COUNT_IMPRESSION = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return -1 end
if redis.call('HSETNX', KEYS[2], ARGV[1], '1') == 0 then return 0 end
local left = redis.call('PTTL', KEYS[2])
if left < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('HINCRBY', KEYS[3], ARGV[2], 1)
return 1`;

/**
 * Counts a click once per offer: KEYS[1] the offer, KEYS[2] the counters; ARGV[1] the counter
 * field ('' counts nothing: the house ad). -> -1 gone, 0 already clicked, 1 counted.
 */
const COUNT_CLICK = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HSETNX', KEYS[1], 'clicked', '1') == 0 then return 0 end
if ARGV[1] ~= '' then redis.call('HINCRBY', KEYS[2], ARGV[1], 1) end
return 1`;

interface OfferCommands {
  adsCountImpression(
    offer: string,
    seen: string,
    counts: string,
    ...args: string[]
  ): Promise<number>;
  adsCountClick(offer: string, counts: string, field: string): Promise<number>;
}

type OfferRedis = Redis & OfferCommands;

export type CountResult = 'gone' | 'already' | 'counted';
const RESULT: Record<number, CountResult> = { [-1]: 'gone', 0: 'already', 1: 'counted' };

export function createOfferStore(redis: Redis, offerTtlMs: number) {
  redis.defineCommand('adsCountImpression', { numberOfKeys: 3, lua: COUNT_IMPRESSION });
  redis.defineCommand('adsCountClick', { numberOfKeys: 2, lua: COUNT_CLICK });
  const r = redis as OfferRedis;

  return {
    /**
     * Stores a game's (or a banner's) offers, each for offerTtlMs. A resume keeps its session's
     * impression marks alive as long as its new offers.
     */
    async save(offers: { nonce: string; offer: NewOffer }[]): Promise<void> {
      const tx = r.multi();
      for (const { nonce, offer } of offers) {
        tx.hset(offerKey(nonce), {
          sessionId: offer.sessionId,
          kind: offer.kind,
          adId: offer.adId,
          color: offer.color,
          clientKey: offer.clientKey,
          reward: offer.reward ? '1' : '0',
          expiresAt: String(offer.expiresAt),
        });
        tx.pexpire(offerKey(nonce), offerTtlMs);
      }
      const sessions = new Set(offers.map((o) => o.offer.sessionId).filter(Boolean));
      for (const sessionId of sessions) tx.pexpire(sessionSeenKey(sessionId), offerTtlMs, 'GT');
      await tx.exec();
    },

    /** The offer, or null when unknown or gone. */
    async get(nonce: string): Promise<StoredOffer | null> {
      const h = await r.hgetall(offerKey(nonce));
      if (!h.kind) return null;
      return {
        sessionId: h.sessionId ?? '',
        kind: h.kind as OfferKind,
        adId: h.adId ?? '',
        color: h.color ?? '',
        clientKey: h.clientKey ?? '',
        reward: h.reward === '1',
        expiresAt: Number(h.expiresAt),
        clicked: h.clicked === '1',
      };
    },

    /** Whether the offer's scope has counted this impression already. */
    async seen(nonce: string, offer: StoredOffer, seen: string): Promise<boolean> {
      return (await r.hexists(seenKeyOf(nonce, offer), seen)) === 1;
    },

    async countImpression(
      nonce: string,
      offer: StoredOffer,
      seen: string,
      counterField: string,
    ): Promise<CountResult> {
      const result = await r.adsCountImpression(
        offerKey(nonce),
        seenKeyOf(nonce, offer),
        COUNTS_KEY,
        seen,
        counterField,
      );
      return RESULT[result]!;
    },

    async countClick(nonce: string, counterField: string): Promise<CountResult> {
      return RESULT[await r.adsCountClick(offerKey(nonce), COUNTS_KEY, counterField)]!;
    },
  };
}

export type OfferStore = ReturnType<typeof createOfferStore>;
