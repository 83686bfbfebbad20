// The ads of one ranked game (docs/api.md 'Serving, impressions and clicks', Offers). The
// server makes an offer (a nonce tied to the game session, the ad or icon colour and the client)
// for each face on the board and one for the 'Watch Ad' reward; an impression or a click counts
// only with its offer. A practice game, or a ranked one whose answer has none (the ads service
// down), has no offers: no ads, nothing posted.
import { COLORS, type Color } from '@ballmatch/engine';
import { paths } from '@/config/paths';
import { adImageUrl, mergeFaces, type Face } from '@/game/faces';
import { offerLinkPath } from '@/lib/offers';

export interface FaceOffer {
  id: string;
  kind: 'ad' | 'icon';
  /** '' for an icon. */
  adId: string;
  color: Color;
  /** The ad's image (checked); '' for an icon, whose drawing comes from GET /api/icons. */
  imageUrl: string;
}

export interface RewardOffer {
  id: string;
  /** An advertiser's ad, or the house ad: BallMatch's own 'Advertise here'. */
  kind: 'ad' | 'house';
  adId: string;
  /** The ad's image (checked), or '' (the house ad). */
  imageUrl: string;
}

export interface GameOffers {
  faces: FaceOffer[];
  reward: RewardOffer | null;
}

type Wire = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isObject = (value: unknown): value is Wire => !!value && typeof value === 'object';

function readFace(value: unknown): FaceOffer | null {
  if (!isObject(value) || !text(value.id)) return null;
  const kind = value.kind;
  const color = COLORS.find((c) => c === value.color);
  if (!color || (kind !== 'ad' && kind !== 'icon')) {
    console.warn(`[ads] skipping an offer of unknown colour or kind: ${String(value.color)}`);
    return null;
  }
  if (kind === 'icon') return { id: text(value.id), kind, adId: '', color, imageUrl: '' };
  const imageUrl = adImageUrl(value.imageUrl);
  if (!imageUrl || !text(value.adId)) {
    console.warn(`[ads] skipping ad ${String(value.adId)}: invalid image address or id`);
    return null;
  }
  return { id: text(value.id), kind, adId: text(value.adId), color, imageUrl };
}

function readReward(value: unknown): RewardOffer | null {
  if (!isObject(value) || !text(value.id)) return null;
  const imageUrl = value.kind === 'ad' ? (adImageUrl(value.imageUrl) ?? '') : '';
  // An ad whose image cannot be shown still has its link; the modal shows the house card.
  return {
    id: text(value.id),
    kind: value.kind === 'ad' ? 'ad' : 'house',
    adId: text(value.adId),
    imageUrl,
  };
}

/** The `offers` of a session's answer; null when it has none (`offers: null`, or absent). */
export function readOffers(value: unknown): GameOffers | null {
  if (!isObject(value)) return null;
  const faces = Array.isArray(value.faces)
    ? value.faces.flatMap((face) => readFace(face) ?? [])
    : [];
  return { faces, reward: readReward(value.reward) };
}

/**
 * The faces on the board. With offers: an ad's image on its colour, an icon (from GET
 * /api/icons, matched by colour) where an icon offer is, each carrying its offer for the
 * impression; an advertiser's image beats an icon. Without: the icons alone, with no offer (so
 * nothing is counted).
 */
export function boardFaces(offers: GameOffers | null, icons: readonly Face[]): Face[] {
  if (!offers) return [...icons];
  const ads: Face[] = offers.faces.flatMap((offer) =>
    offer.kind === 'ad'
      ? [
          {
            kind: 'ad',
            color: offer.color,
            adId: offer.adId,
            url: offer.imageUrl,
            offerId: offer.id,
          },
        ]
      : [],
  );
  const iconFaces: Face[] = offers.faces.flatMap((offer) => {
    const icon = offer.kind === 'icon' ? icons.find((i) => i.color === offer.color) : undefined;
    return icon ? [{ ...icon, offerId: offer.id }] : [];
  });
  return mergeFaces(ads, iconFaces);
}

/** The ads a game shows (for the play statistics). */
export function adIdsOf(offers: GameOffers | null): string[] {
  return offers?.faces.flatMap((f) => (f.kind === 'ad' ? [f.adId] : [])) ?? [];
}

/**
 * Where 'Watch Ad' goes: the reward offer's link (the server counts the click against the game
 * and sends the browser on to the advertiser, or to /buy-ads for the house ad); /buy-ads itself
 * when the game has no offer.
 */
export function rewardLink(reward: RewardOffer | null): string {
  return reward ? offerLinkPath(reward.id) : paths.buyAds;
}
