import { randomBytes, randomInt } from 'node:crypto';
import { AppError, isUuid, type Knex, type Redis } from '@ballmatch/platform';
import type { adsV1 } from '@ballmatch/proto';
import { BANNER_HEIGHT, BANNER_WIDTH } from '../media/limits';
import { adClickField, adImpressionField, iconImpressionField } from '../store/counters';
import { createOfferStore, seenField, type OfferKind, type StoredOffer } from '../store/offers';
import { createRewardClickStore } from '../store/reward-clicks';
import type { ServedAd, ServingSource } from './serving';

/**
 * Offers, as Read the Docs' Ethical Ad Server makes them: every ad (or icon) shown gets a
 * server-made nonce tied to what it shows, the client it was made for and, in a game, the game
 * session. An impression or a click counts only for a valid offer, and once.
 */
export type Offer = adsV1.Offer;

/**
 * Banner places: 'footer' (the foot of the site's pages) and 'test' (the /banner-ads-test
 * page). Both show the same rotation; the place only names where it was asked for.
 */
export const BANNER_PLACEMENTS = ['footer', 'test'] as const;

/** Where the house ad ('Advertise here') and a click on an ad no longer running lead. */
export const HOUSE_AD_DESTINATION = '/buy-ads';

const NO_OFFER = 'No valid offer for this ad';
const EXPIRED_LINK = 'This ad link has expired';

/** 128 random bits, base64url: 22 characters. */
const newNonce = () => randomBytes(16).toString('base64url');
const NONCE = /^[A-Za-z0-9_-]{22}$/;

export interface OffersDeps {
  redis: Redis;
  db: Knex;
  serving: ServingSource;
  now: () => Date;
  /** How long an offer counts (2 hours in production). */
  offerTtlMs: number;
}

export function createOffers({ redis, db, serving, now, offerTtlMs }: OffersDeps) {
  const store = createOfferStore(redis, offerTtlMs);
  const rewardClicks = createRewardClickStore(db);

  function requireClientKey(clientKey: string): void {
    if (!clientKey) {
      throw new AppError('INVALID_ARGUMENT', 'clientKey is required', { field: 'clientKey' });
    }
  }

  function requireSessionId(sessionId: string): void {
    if (!isUuid(sessionId)) {
      throw new AppError('INVALID_ARGUMENT', 'sessionId must be a UUID', { field: 'sessionId' });
    }
  }

  /** The offer behind a nonce while it counts (by this service's clock), else null. */
  async function validOffer(nonce: string): Promise<StoredOffer | null> {
    if (!NONCE.test(nonce)) return null;
    const offer = await store.get(nonce);
    return offer && now().getTime() < offer.expiresAt ? offer : null;
  }

  const adOffer = (ad: ServedAd, color: string): Offer => ({
    id: newNonce(),
    kind: 'ad',
    adId: ad.id,
    color,
    imageUrl: ad.imageUrl,
  });

  /** An offer as stored: what it shows, and whom (and which game) it was made for. */
  const stored = (offer: Offer, to: Omit<StoredOffer, 'kind' | 'adId' | 'color'>) => ({
    nonce: offer.id,
    offer: { ...to, kind: offer.kind as OfferKind, adId: offer.adId, color: offer.color },
  });

  return {
    /**
     * The offers of a ranked game: one per ball face (a running ad of the colour, else the
     * colour's custom icon) and the reward ('Watch Ad'): one of the running ads (ball faces or
     * the banner), or the house ad when none runs. A resume asks again: new nonces, but what
     * the session already counted stays counted.
     */
    async createGameOffers(
      sessionId: string,
      clientKey: string,
    ): Promise<{ faces: Offer[]; reward: Offer; expiresAt: string }> {
      requireSessionId(sessionId);
      requireClientKey(clientKey);
      const [ads, iconColors, banner] = await Promise.all([
        serving.activeBallAds(),
        serving.iconColors(),
        serving.banner('footer'),
      ]);
      const adColors = new Set(ads.map((ad) => ad.color));
      const faces: Offer[] = [
        ...ads.map((ad) => adOffer(ad, ad.color)),
        ...iconColors
          .filter((color) => !adColors.has(color))
          .map((color) => ({ id: newNonce(), kind: 'icon', adId: '', color, imageUrl: '' })),
      ];
      const candidates = banner ? [...ads, banner] : ads;
      const reward: Offer =
        candidates.length > 0
          ? adOffer(candidates[randomInt(candidates.length)]!, '')
          : { id: newNonce(), kind: 'house', adId: '', color: '', imageUrl: '' };

      const expiresAt = now().getTime() + offerTtlMs;
      const to = { sessionId, clientKey, expiresAt };
      await store.save([
        ...faces.map((face) => stored(face, { ...to, reward: false })),
        stored(reward, { ...to, reward: true }),
      ]);
      return { faces, reward, expiresAt: new Date(expiresAt).toISOString() };
    },

    /** A running banner for a page's place, with an offer tied to the client only. */
    async serveBanner(
      clientKey: string,
      placement: string,
    ): Promise<{ offer: Offer; width: number; height: number }> {
      requireClientKey(clientKey);
      if (!(BANNER_PLACEMENTS as readonly string[]).includes(placement)) {
        const names = BANNER_PLACEMENTS.join(', ');
        throw new AppError('INVALID_ARGUMENT', `placement must be one of: ${names}`, {
          field: 'placement',
        });
      }
      const banner = await serving.banner(placement);
      if (!banner) throw new AppError('NOT_FOUND', 'No banner ad is running');
      const offer = adOffer(banner, '');
      await store.save([
        stored(offer, {
          sessionId: '',
          clientKey,
          reward: false,
          expiresAt: now().getTime() + offerTtlMs,
        }),
      ]);
      return { offer, width: BANNER_WIDTH, height: BANNER_HEIGHT };
    },

    /**
     * Counts an impression once per game session (or banner offer) and ad or icon. Refused
     * unless the offer is valid, for this very ad or icon, and from the client it was made
     * for: an impression is the page saying it showed the ad, and only the page the offer was
     * served to can say so (a copied nonce replayed from elsewhere counts nothing).
     */
    async recordImpression(request: {
      offerId: string;
      kind: string;
      adId: string;
      color: string;
      clientKey: string;
    }): Promise<{ counted: boolean }> {
      const { offerId, kind, adId, color, clientKey } = request;
      if (!offerId) {
        throw new AppError('INVALID_ARGUMENT', 'The X-Ad-Offer header is required', {
          field: 'offerId',
        });
      }
      if (kind !== 'ad' && kind !== 'icon') {
        throw new AppError('INVALID_ARGUMENT', "kind must be 'ad' or 'icon'", { field: 'kind' });
      }
      const offer = await validOffer(offerId);
      const matches =
        offer !== null &&
        offer.kind === kind &&
        (kind === 'ad' ? offer.adId === adId : offer.color === color) &&
        clientKey !== '' &&
        offer.clientKey === clientKey;
      if (!matches) throw new AppError('PERMISSION_DENIED', NO_OFFER);

      const at = now();
      const id = kind === 'ad' ? adId : color;
      const counter = kind === 'ad' ? adImpressionField(adId, at) : iconImpressionField(color, at);
      const result = await store.countImpression(offerId, offer, seenField({ kind, id }), counter);
      if (result === 'gone') throw new AppError('PERMISSION_DENIED', NO_OFFER);
      return { counted: result === 'counted' };
    },

    /**
     * Follows an offer's link: counts the click once per offer and, for a game's reward offer,
     * records the session's reward click before answering (so extra moves are granted even if
     * the browser never gets the redirect). The client is not checked: a phone may change
     * networks between seeing the ad and opening it, and the nonce is secret enough.
     */
    async follow(offerId: string, _clientKey: string): Promise<{ destinationUrl: string }> {
      const offer = await validOffer(offerId);
      // An icon has no link: its offer is only for impressions.
      if (!offer || offer.kind === 'icon') throw new AppError('NOT_FOUND', EXPIRED_LINK);
      const at = now();
      if (offer.reward && offer.sessionId) {
        await rewardClicks.record({
          sessionId: offer.sessionId,
          offerId,
          adId: offer.adId || null,
          at,
        });
      }
      const counted = await store.countClick(
        offerId,
        offer.adId ? adClickField(offer.adId, at) : '',
      );
      if (counted === 'gone') throw new AppError('NOT_FOUND', EXPIRED_LINK);
      const destination = offer.adId ? await serving.destinationOf(offer.adId) : null;
      return { destinationUrl: destination ?? HOUSE_AD_DESTINATION };
    },

    /** Whether the game's reward offer was followed (the sessions service asks). */
    async rewardClicked(sessionId: string): Promise<boolean> {
      requireSessionId(sessionId);
      return rewardClicks.clicked(sessionId);
    },
  };
}

export type Offers = ReturnType<typeof createOffers>;
