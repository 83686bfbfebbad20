import { adIdsOf, boardFaces, readOffers, rewardLink } from '@/features/game/model/ad-offers';
import { validIcons } from '@/game/faces';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';
const icons = validIcons([
  { color_code: 'blue', svg_content: SVG },
  { color_code: 'red', svg_content: SVG },
  { color_code: 'green', svg_content: SVG },
]);

const offers = readOffers({
  faces: [
    { id: 'o-red', kind: 'ad', adId: 'ad-red', color: 'red', imageUrl: '/api/media/r.webp' },
    { id: 'o-blue', kind: 'icon', adId: '', color: 'blue', imageUrl: '' },
    { id: 'o-yellow', kind: 'icon', adId: '', color: 'yellow', imageUrl: '' },
  ],
  reward: { id: 'o-reward', kind: 'ad', adId: 'ad-red', imageUrl: 'javascript:alert(1)' },
  expiresAt: '2026-11-24T14:00:00.000Z',
});

describe("a game's faces from its offers", () => {
  it('puts each ad on its colour and each icon offer on the icon of that colour, with its offer', () => {
    const faces = boardFaces(offers, icons);
    expect(faces.map((f) => [f.color, f.kind, f.offerId])).toEqual([
      ['blue', 'icon', 'o-blue'],
      // The ad beats the red icon; green has no offer, yellow no icon: neither is drawn.
      ['red', 'ad', 'o-red'],
    ]);
    expect(faces[1]).toMatchObject({ adId: 'ad-red', url: '/api/media/r.webp' });
    expect(adIdsOf(offers)).toEqual(['ad-red']);
  });

  it('without offers: the icons alone, with no offer to count them by', () => {
    expect(boardFaces(null, icons).map((f) => [f.color, f.offerId])).toEqual([
      ['blue', undefined],
      ['red', undefined],
      ['green', undefined],
    ]);
    expect(adIdsOf(null)).toEqual([]);
    expect(readOffers(null)).toBeNull();
    expect(readOffers(undefined)).toBeNull();
  });

  it("links 'Watch Ad' through the reward's offer, never straight to an unchecked image", () => {
    expect(offers?.reward).toEqual({ id: 'o-reward', kind: 'ad', adId: 'ad-red', imageUrl: '' });
    expect(rewardLink(offers!.reward)).toBe('/api/ads/go/o-reward');
    expect(rewardLink(null)).toBe('/buy-ads');
  });
});
