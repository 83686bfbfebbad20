// The ranked game's calls (docs/api.md 'Player sessions' and 'Ranked games'), against the tests'
// MSW server: the credential header, a lost answer retried with the same seq, and save progress.
import { createGame } from '@ballmatch/engine';
import {
  createPlayerSession,
  getCurrentGame,
  playSessionAction,
} from '@/features/game/api/player-session';
import { viewOfState } from '@/features/game/model/game-view';
import {
  headerOf,
  useApi,
  networkFailure,
  respond,
  sentBody,
  sequence,
} from '../helpers/api-server';
import { wireGame } from './play-helpers';

const game = wireGame(viewOfState(createGame('api-seed'), 3));
const answer = { game, steps: [], levelUp: null, movesAdded: 0 };

describe('ranked game calls', () => {
  it('creating a session gives its id, credential, starting board (no seed) and offers', async () => {
    const reward = { id: 'o-house', kind: 'house', adId: '', imageUrl: '' };
    useApi({
      'POST /api/player-sessions': respond(200, {
        id: 's1',
        credential: 'c1',
        game,
        offers: { faces: [], reward, expiresAt: '2026-11-24T14:00:00.000Z' },
      }),
    });
    const created = await createPlayerSession({
      playerName: 'Ann',
      sessionId: 'page',
      deviceFingerprint: 'x',
    });
    expect(created).toEqual({
      id: 's1',
      credential: 'c1',
      game: expect.any(Object),
      offers: { faces: [], reward },
    });
    expect(created.game.grid).toEqual(createGame('api-seed').grid);
    expect(created.game.seq).toBe(3);
  });

  it('refuses an answer that is not a ranked game (e.g. an old server with a seed)', async () => {
    useApi({ 'POST /api/player-sessions': respond(200, { id: 's1', seed: 'abc' }) });
    await expect(
      createPlayerSession({ playerName: 'Ann', sessionId: 'page', deviceFingerprint: 'x' }),
    ).rejects.toThrow('no id or credential');
  });

  it('retries a lost answer with the same seq, and sends the credential every time', async () => {
    const calls = useApi({
      'POST /api/player-sessions/s1/actions': sequence(networkFailure, respond(200, answer)),
    });
    const body = { seq: 3, action: { type: 'reset' } as const };
    const got = await playSessionAction('s1', 'c1', body);
    expect(got.game.seq).toBe(3);
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => sentBody(c))).toEqual([body, body]);
    expect(calls.map((c) => headerOf(c, 'X-Session-Credential'))).toEqual(['c1', 'c1']);
  });

  it('does not retry a refused action (422)', async () => {
    const calls = useApi({
      'POST /api/player-sessions/s1/actions': respond(422, {
        message: 'The game is at action 4, not 3: read it again',
        field: 'seq',
      }),
    });
    await expect(
      playSessionAction('s1', 'c1', { seq: 3, action: { type: 'end' } }),
    ).rejects.toThrow('422');
    expect(calls).toHaveLength(1);
  });

  it('save progress: the current game, or null for a guest (401) and for none (204)', async () => {
    useApi({
      '/api/player-sessions/current': respond(200, { id: 's9', playerName: 'ann', game }),
    });
    expect(await getCurrentGame()).toMatchObject({ id: 's9', playerName: 'ann', offers: null });
    useApi({ '/api/player-sessions/current': respond(401, {}) });
    expect(await getCurrentGame()).toBeNull();
    useApi({ '/api/player-sessions/current': respond(204) });
    expect(await getCurrentGame()).toBeNull();
  });
});
