import { randomBytes, randomInt } from 'node:crypto';
import { AppError, isUuid, type Knex, type Redis } from '@ballmatch/platform';
import type { adsV1 } from '@ballmatch/proto';
import { BANNER_HEIGHT, BANNER_WIDTH } from '../media/limits';
import { adClickField, adImpressionField, iconImpressionField } from '../store/counters';
import {
  createOfferStore,
  seenField,
  type NewOffer,
  type OfferKind,
  type StoredOffer,
} from '../store/offers';
import { createRewardClickStore } from '../store/reward-clicks';
import { CLICK_CAPS, createFrequencyCap, VIEW_CAPS, type Cap } from './frequency-caps';
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
  /** 'off' lifts the per-address caps (load and fault runs, one address playing for many). */
  frequencyCaps?: 'on' | 'off';
}

export function createOffers({
  redis,
  db,
  serving,
  now,
  offerTtlMs,
  frequencyCaps = 'on',
}: OffersDeps) {
  const store = createOfferStore(redis, offerTtlMs);
  const rewardClicks = createRewardClickStore(db);
  const capped = (name: string, caps: readonly Cap[]) =>
    createFrequencyCap({ redis, name, caps: frequencyCaps === 'on' ? caps : [], now });
  const viewCap = capped('view', VIEW_CAPS);
  const clickCap = capped('click', CLICK_CAPS);

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
  const stored = (offer: Offer, to: Omit<NewOffer, 'kind' | 'adId' | 'color'>) => ({
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
      const seen = seenField({ kind, id });
      // Already counted (a resume's or a reset grid's repeat): no place is taken under the caps.
      if (await store.seen(offerId, offer, seen)) return { counted: false };
      // Past the address's caps: answered alike, and left unmarked and uncounted (so counting
      // stays one atomic step, and a request that died after taking its place counts on retry).
      if (!(await viewCap.admit(`${kind}:${id}`, clientKey))) return { counted: false };
      const counter = kind === 'ad' ? adImpressionField(adId, at) : iconImpressionField(color, at);
      const result = await store.countImpression(offerId, offer, seen, counter);
      if (result === 'gone') throw new AppError('PERMISSION_DENIED', NO_OFFER);
      return { counted: result === 'counted' };
    },

    /**
     * Follows an offer's link: counts the click once per offer, within the frequency caps of
     * the address that clicked (past them it is answered alike and counts nothing), and, for a
     * game's reward offer, records the session's reward click before answering (so extra moves
     * are granted even if the browser never gets the redirect). The client is not checked: a
     * phone may change networks between seeing the ad and opening it, and the nonce is secret
     * enough.
     *
     * A click counts for the ad it leads to: when the ad no longer runs (its run ended, or an
     * admin paused or ended it) the visitor goes to the house ad, and the click counts for no
     * one (the house ad has no counters); a reward click is then the house ad's and still earns
     * the extra moves.
     */
    async follow(offerId: string, clientKey: string): Promise<{ destinationUrl: string }> {
      const offer = await validOffer(offerId);
      // An icon has no link: its offer is only for impressions.
      if (!offer || offer.kind === 'icon') throw new AppError('NOT_FOUND', EXPIRED_LINK);
      const at = now();
      const destination = offer.adId ? await serving.destinationOf(offer.adId) : null;
      const clickedAdId = destination ? offer.adId : '';
      if (offer.reward && offer.sessionId) {
        await rewardClicks.record({
          sessionId: offer.sessionId,
          offerId,
          adId: clickedAdId || null,
          at,
        });
      }
      const answer = { destinationUrl: destination ?? HOUSE_AD_DESTINATION };
      // Only the offer's first click takes a place under the caps; one past them is answered
      // alike and left uncounted (unmarked, as an impression past them is).
      if (
        clickedAdId !== '' &&
        !offer.clicked &&
        !(await clickCap.admit(`ad:${clickedAdId}`, clientKey || offer.clientKey))
      ) {
        return answer;
      }
      const result = await store.countClick(
        offerId,
        clickedAdId ? adClickField(clickedAdId, at) : '',
      );
      if (result === 'gone') throw new AppError('NOT_FOUND', EXPIRED_LINK);
      return answer;
    },

    /** Whether the game's reward offer was followed (the sessions service asks). */
    async rewardClicked(sessionId: string): Promise<boolean> {
      requireSessionId(sessionId);
      return rewardClicks.clicked(sessionId);
    },
  };
}

export type Offers = ReturnType<typeof createOffers>;
