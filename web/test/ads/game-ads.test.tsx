// The game's ads (docs/api.md 'Serving, impressions and clicks'): a ranked game's faces and its
// 'Watch Ad' reward come from the offers in the session's answer; impressions go out with their
// offer in X-Ad-Offer; a practice game shows no ads and posts nothing.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetGuestConfirmation } from '@/features/game/components/game';
import { HOUSE_AD } from '@/features/game/components/extra-moves-modal';
import { AD_CLICKS_KEY } from '@/features/game/lib/ad-clicks';
import { useApi, respond, sentBody, type CallHandler, type ApiCall } from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { GameBackend, KeyboardPlayer, board, leaveAndReturn } from '../game/play-helpers';
import { callsTo, headerOf } from './ads-helpers';

jest.mock('@/lib/reload-page', () => ({ reloadPage: jest.fn() }));
jest.mock('@/game/audio/sound-kit', () => jest.requireActual('../helpers/silent-sound-kit'));

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';
const WATCH_FIRST = 'Watch the ad first to earn extra moves';

const AD_OFFERS = {
  faces: [
    { id: 'offer-red', kind: 'ad', adId: 'ad-red', color: 'red', imageUrl: '/api/media/red.webp' },
    { id: 'offer-blue', kind: 'icon', adId: '', color: 'blue', imageUrl: '' },
  ],
  reward: { id: 'offer-reward', kind: 'ad', adId: 'ad-red', imageUrl: '/api/media/red.webp' },
  expiresAt: '2026-11-24T14:00:00.000Z',
};

let game: GameBackend;

function backend(offers: unknown, overrides: Record<string, CallHandler> = {}) {
  game = new GameBackend('flow-seed-7', offers);
  return useApi({
    ...game.routes,
    '/api/stats/play-count': respond(200, { completedPlayCount: 41 }),
    // Green has an icon but no offer in this game: it is neither drawn nor counted.
    '/api/icons': respond(200, [
      { color_code: 'blue', svg_content: SVG },
      { color_code: 'green', svg_content: SVG },
    ]),
    'PATCH /api/player-sessions/sess-1': respond(200, { id: 'sess-1', flagged: false }),
    'POST /api/stats/increment-play-count': respond(200, { playCount: 42 }),
    'POST /api/stats/record-completed-game': respond(200, { recorded: true }),
    'POST /api/ads/ad-red/impression': respond(204),
    'POST /api/icons/blue/impression': respond(204),
    ...overrides,
  });
}

const impressionCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith('/impression'));

async function startAsGuest(calls: ApiCall[]) {
  renderApp('/');
  // The icons are read with the page, before anyone presses play.
  await waitFor(() => expect(callsTo(calls, 'GET', '/api/icons')).toHaveLength(1));
  fireEvent.click(await screen.findByRole('button', { name: 'PLAY NOW!' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Continue Without Login' }));
  await waitFor(() => expect(board().dataset.phase).toBe('playing'));
}

async function outOfMoves(): Promise<HTMLElement> {
  await new KeyboardPlayer(game).playUntilOutOfMoves();
  return screen.findByRole('dialog', { name: 'Get 7 Extra Moves!' });
}

beforeEach(() => {
  localStorage.clear();
  resetGuestConfirmation();
  window.open = jest.fn(() => null);
});

describe('a ranked game with offers', () => {
  jest.setTimeout(30_000);

  it("reports each face's impression once, with its offer in X-Ad-Offer", async () => {
    const calls = backend(AD_OFFERS);
    await startAsGuest(calls);
    await waitFor(() => expect(impressionCalls(calls)).toHaveLength(2));
    const [ad] = callsTo(calls, 'POST', '/api/ads/ad-red/impression');
    const [icon] = callsTo(calls, 'POST', '/api/icons/blue/impression');
    expect(headerOf(ad, 'X-Ad-Offer')).toBe('offer-red');
    expect(headerOf(icon, 'X-Ad-Offer')).toBe('offer-blue');
    expect(sentBody(ad)).toEqual({});
    expect(sentBody(callsTo(calls, 'POST', '/api/stats/increment-play-count')[0])).toEqual({
      hasAds: true,
    });
  });

  it("'Watch Ad' shows the sponsor, opens its offer's link, and a refusal keeps the offer with the server's message", async () => {
    let refusals = 1;
    const calls = backend(AD_OFFERS, {
      'POST /api/player-sessions/sess-1/actions': (call) => {
        const body = sentBody(call) as { action: { type: string } };
        if (body.action.type === 'extraMoves' && refusals-- > 0) {
          return respond(422, { message: WATCH_FIRST, field: 'action' });
        }
        return game.routes['POST /api/player-sessions/sess-1/actions'](call);
      },
    });
    await startAsGuest(calls);
    const offer = await outOfMoves();
    const sponsor = within(offer).getByRole('img', { name: "The sponsor's ad" });
    expect(sponsor.getAttribute('src')).toBe('/api/media/red.webp');

    fireEvent.click(within(offer).getByRole('button', { name: 'Watch Ad' }));
    expect(window.open).toHaveBeenCalledWith(
      '/api/ads/go/offer-reward',
      '_blank',
      'noopener,noreferrer',
    );
    expect(localStorage.getItem(AD_CLICKS_KEY)).toBe('1');

    // Back without the click recorded: the server says so, and the offer stays open.
    act(() => leaveAndReturn());
    const again = await screen.findByRole('dialog', { name: 'Get 7 Extra Moves!' });
    expect(await within(again).findByText(WATCH_FIRST)).toBeTruthy();
    expect(board().dataset.phase).toBe('extraMovesOffer');

    // Watched this time: granted.
    fireEvent.click(within(again).getByRole('button', { name: 'Watch Ad' }));
    expect(localStorage.getItem(AD_CLICKS_KEY)).toBe('2');
    act(() => leaveAndReturn());
    await waitFor(() => expect(board().dataset.phase).toBe('playing'));
    expect(screen.getByTestId('stat-moves').textContent).toBe('7');
    expect(screen.queryByText(WATCH_FIRST)).toBeNull();
  });

  it("with no ad running, the reward is the house ad: 'Advertise here'", async () => {
    const calls = backend({
      faces: [],
      reward: { id: 'offer-house', kind: 'house', adId: '', imageUrl: '' },
      expiresAt: '2026-11-24T14:00:00.000Z',
    });
    await startAsGuest(calls);
    const offer = await outOfMoves();
    expect(within(offer).getByTestId('reward-house-ad').textContent).toContain(HOUSE_AD.title);
    fireEvent.click(within(offer).getByRole('button', { name: 'Watch Ad' }));
    expect(window.open).toHaveBeenCalledWith(
      '/api/ads/go/offer-house',
      '_blank',
      'noopener,noreferrer',
    );
    expect(impressionCalls(calls)).toHaveLength(0);
  });
});

describe('games without offers', () => {
  it('a practice game (no game server) shows no ads and posts nothing', async () => {
    const calls = backend(AD_OFFERS, {
      'POST /api/player-sessions': () => respond(502, { message: 'Bad Gateway' }),
    });
    await startAsGuest(calls);
    expect(screen.getByTestId('practice-note')).toBeTruthy();
    // Nothing is posted for the faces, whatever the icons read.
    await act(async () => undefined);
    expect(impressionCalls(calls)).toHaveLength(0);
    expect(sentBody(callsTo(calls, 'POST', '/api/stats/increment-play-count')[0])).toEqual({
      hasAds: false,
    });
  });

  it('a ranked game whose answer has no offers (ads service down) posts nothing', async () => {
    const calls = backend(null);
    await startAsGuest(calls);
    await act(async () => undefined);
    expect(impressionCalls(calls)).toHaveLength(0);
  });
});
