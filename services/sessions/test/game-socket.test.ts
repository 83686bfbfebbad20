import { entryFromCode, replay } from '@ballmatch/engine';
import { swapsOn } from '@ballmatch/kit';
import {
  REVOCATION_CHANNEL,
  revokeToken,
  SESSION_COOKIE,
  signOutEverywhere,
} from '@ballmatch/platform';
import { connectTestRedis, perFile } from '@ballmatch/platform/testing';
import type { sessionsV1 } from '@ballmatch/proto';
import type { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import type { GameView } from '../src/domain/games';
import { ACTIONS_BURST, MAX_MESSAGE_BYTES, RECHECK_MS } from '../src/ws/game-socket';
import { listen, newSession } from './fixtures';
import {
  openGameSocket,
  refusedHandshake,
  type Frame,
  type GameSocketClient,
} from './game-socket-client';
import { MANY_STARTS, startSessions } from './harness';
import { humanGap, playOverSocket } from './play';

/** The game socket (docs/api.md 'Ranked games over the game socket'), against real stores. */
const svc = perFile(() => startSessions(MANY_STARTS));
/** Auth's side of the deny-list: this service's Redis, under its prefix. */
let redis: Redis;
const opened: GameSocketClient[] = [];
beforeAll(async () => {
  redis = await connectTestRedis({ REDIS_KEY_PREFIX: svc.env.REDIS_KEY_PREFIX! });
});
afterAll(() => redis.disconnect());
afterEach(() => {
  opened.splice(0).forEach((s) => s.close());
  svc.clock.real();
});

const url = () => `ws://127.0.0.1:${svc.running.gameWsPort}/ws/game`;
async function socket(token?: string, headers: Record<string, string> = {}, query = '') {
  const opened_ = await openGameSocket(`${url()}${query}`, {
    ...headers,
    ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
  });
  opened.push(opened_);
  return opened_;
}

type Game = sessionsV1.Game;
const tokenOf = (issued: { authorization: string }) => issued.authorization.slice('Bearer '.length);
const swapOn = (game: Game) => ({ type: 'swap', ...swapsOn(game)[0]! });
const nextOn = (game: Game) => (game.hasMoves ? swapOn(game) : { type: 'reset' });
const action = (session: string, seq: number, act: unknown, credential?: string) => ({
  type: 'action',
  session,
  seq,
  action: act,
  ...(credential === undefined ? {} : { credential }),
});

function answerOf(frame: Frame): { game: Game } & Record<string, unknown> {
  if (frame.type !== 'answer') throw new Error(`not an answer: ${JSON.stringify(frame)}`);
  return frame.answer as { game: Game } & Record<string, unknown>;
}

/** An answer frame without how much of the game was durable (a batch may commit between). */
function withoutDurable(frame: Frame) {
  const { durableSeq: _durable, ...answer } = answerOf(frame);
  return { ...frame, answer };
}

async function guestGame() {
  const { id, game } = await svc.client.createSession(newSession());
  return { id, game: game!, credential: svc.client.credentialOf(id) };
}

describe('the game socket', () => {
  it('a whole game played over it: ended once, its log replays, session.finished once', async () => {
    const events = await listen(svc.bus, 'session.finished');
    const session = await guestGame();
    const { id, credential } = session;
    const { game, ws } = await playOverSocket(
      svc,
      { ...session, game: session.game as unknown as GameView },
      { open: socket, gapMs: humanGap },
    );
    expect(game.status).toBe('ended');

    const scoring = await svc.client.getSessionForScoring({ id });
    expect(scoring).toMatchObject({ finished: true, score: game.score, moves: game.totalMoves });
    const log = scoring.actionCodes.map((code, i) => entryFromCode(code, scoring.actionTimes[i]!));
    const replayed = replay(scoring.seed, log);
    expect(replayed.ok && replayed.score).toBe(game.score);
    expect(await events.next()).toMatchObject({ sessionId: id, score: game.score });
    // Ended once: another end is refused as over HTTP, and no second event follows.
    expect(await ws.ask(action(id, game.seq, { type: 'end' }, credential))).toMatchObject({
      type: 'error',
      session: id,
      seq: game.seq,
      status: 422,
    });
    events.stop();
  });

  it('a retry of the same seq and action gets the same answer; another seq is refused with 422', async () => {
    const ws = await socket();
    const { id, game, credential } = await guestGame();
    const swap = action(id, 0, swapOn(game), credential);
    const first = await ws.ask(swap);
    expect(withoutDurable(await ws.ask(swap))).toEqual(withoutDurable(first));
    // The same over gRPC (the HTTP route's path): the stored answer, not a second action.
    const again = await svc.client.playAction({
      id,
      seq: 0,
      action: { $case: 'swap', value: swapsOn(game)[0]! },
    });
    expect(again.game!.seq).toBe(1);
    expect(await ws.ask(action(id, 5, { type: 'reset' }, credential))).toEqual({
      type: 'error',
      session: id,
      seq: 5,
      status: 422,
      message: 'The game is at action 1, not 5: read it again',
      field: 'seq',
    });
    const scoring = await svc.client.getSessionForScoring({ id });
    expect(scoring.actionCodes).toHaveLength(1);
  });

  it("another player's session is 403; a signed-in player's own game needs no credential", async () => {
    const owner = await svc.credentials.issue('user');
    const other = await svc.credentials.issue('user');
    const { id, game } = await svc.clientAs(owner.authorization).createSession(newSession());
    const swap = action(id, 0, swapOn(game!));
    const forbidden = {
      type: 'error',
      session: id,
      seq: 0,
      status: 403,
      message: 'This session belongs to another player',
      field: 'credential',
    };
    expect(await (await socket()).ask(swap)).toEqual(forbidden);
    expect(await (await socket(tokenOf(other))).ask(swap)).toEqual(forbidden);
    const guest = await guestGame();
    expect(
      await (await socket()).ask(action(guest.id, 0, { type: 'reset' }, 'not-the-credential')),
    ).toMatchObject({ status: 403 });
    expect(await (await socket(tokenOf(owner))).ask(swap)).toMatchObject({
      type: 'answer',
      seq: 0,
    });
  });

  it('bad input gets an error frame with the HTTP route’s status and message; the socket stays usable', async () => {
    const ws = await socket();
    const { id, game, credential } = await guestGame();
    const cases: [unknown, Partial<Frame>][] = [
      ['{not json', { status: 400, message: 'Malformed JSON message', session: null, seq: null }],
      ['[1]', { status: 400, message: 'Message must be a JSON object' }],
      [
        { type: 'hello', session: id, seq: 0 },
        { status: 400, message: "type must be 'action'", session: id, seq: 0 },
      ],
      [
        action('nope', 0, { type: 'reset' }),
        { status: 400, message: 'session must be a session id (UUID)', session: null },
      ],
      [
        action(id, -1, { type: 'reset' }),
        { status: 400, message: 'seq must be a whole number', session: id, seq: null },
      ],
      [
        action(id, 0, { type: 'jump' }),
        {
          status: 400,
          message:
            "action must be {type: 'swap', from, to}, {type: 'reset'}, 'extraMoves' or 'end'",
          field: 'action', // as the HTTP body names it: the page shows it by the field
        },
      ],
      [
        action(id, 0, { type: 'swap', from: { x: 1.5, y: 0 }, to: { x: 1, y: 0 } }),
        { status: 400, message: 'from.x must be a whole number' },
      ],
      [
        { ...action(id, 0, { type: 'reset' }), credential: 7 },
        { status: 400, message: 'credential must be text' },
      ],
      [
        JSON.stringify({ ...action(id, 0, { type: 'reset' }), pad: 'x'.repeat(MAX_MESSAGE_BYTES) }),
        { status: 413, message: `Message too large (limit ${MAX_MESSAGE_BYTES} bytes)` },
      ],
    ];
    for (const [message, expected] of cases) {
      expect(await ws.ask(message)).toMatchObject({ type: 'error', ...expected });
    }
    ws.ws.send(Buffer.from('{}'), { binary: true });
    expect(await ws.next()).toMatchObject({ status: 400, message: 'Messages must be JSON text' });
    expect(answerOf(await ws.ask(action(id, 0, swapOn(game), credential))).game.seq).toBe(1);
    expect(ws.ws.readyState).toBe(WebSocket.OPEN);
  });

  it(`holds each socket to ${ACTIONS_BURST} messages at once: the rest get 429`, async () => {
    const ws = await socket();
    const sent = ACTIONS_BURST + 30;
    for (let i = 0; i < sent; i++) ws.send('{}');
    const frames = [];
    for (let i = 0; i < sent; i++) frames.push(await ws.next());
    const limited = frames.filter((f) => f.type === 'error' && f.status === 429);
    // The bucket refills while the burst arrives (20 a second), so a few more may pass.
    expect(limited.length).toBeGreaterThan(20);
    expect(limited[0]).toMatchObject({ message: expect.stringMatching(/at most 20 a second/) });
    expect(
      frames.slice(0, ACTIONS_BURST).every((f) => f.type === 'error' && f.status === 400),
    ).toBe(true);
  });

  it('a signed-out token at the handshake makes a guest’s socket', async () => {
    const player = await svc.credentials.issue('user');
    const { id, game } = await svc.clientAs(player.authorization).createSession(newSession());
    await revokeToken(redis, player.tokenId, player.expiresAt);
    const swap = action(id, 0, swapOn(game!));
    expect(await (await socket(tokenOf(player))).ask(swap)).toMatchObject({ status: 403 });
  });

  /** The service clock stands still: the 60 s re-check at an action is never due. */
  const signedOut = { code: 4401, reason: 'Signed out' };

  it('closes a signed-in socket at once when its token is logged out (4401 Signed out)', async () => {
    svc.clock.set(Date.now());
    const player = await svc.credentials.issue('user');
    const { id, game } = await svc.clientAs(player.authorization).createSession(newSession());
    const ws = await socket(tokenOf(player));
    expect(answerOf(await ws.ask(action(id, 0, swapOn(game!)))).game.seq).toBe(1);
    const other = await socket(tokenOf(await svc.credentials.issue('user')));
    await revokeToken(redis, player.tokenId, player.expiresAt); // auth's logout
    expect(await ws.closed).toEqual(signedOut);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes every socket of an account at once when its password changes; a token issued after stays', async () => {
    svc.clock.set(Date.now());
    const player = await svc.credentials.issue('user');
    const again = await svc.credentials.issue('user', { userId: player.userId });
    const [first, second] = [await socket(tokenOf(player)), await socket(tokenOf(again))];
    const someoneElse = await socket(tokenOf(await svc.credentials.issue('user')));
    await signOutEverywhere(redis, player.userId, Date.now()); // auth's password change
    expect(await first.closed).toEqual(signedOut);
    expect(await second.closed).toEqual(signedOut);
    await new Promise((resolve) => setTimeout(resolve, 5)); // a token of a later millisecond
    const renewed = await socket(
      tokenOf(await svc.credentials.issue('user', { userId: player.userId })),
    );
    expect(await renewed.ask('{')).toMatchObject({ status: 400 }); // still open, still heard
    expect(renewed.ws.readyState).toBe(WebSocket.OPEN);
    expect(someoneElse.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('checks every signed-in socket again when its subscription to the notices comes back', async () => {
    svc.clock.set(Date.now());
    const player = await svc.credentials.issue('user');
    const ws = await socket(tokenOf(player));
    // A password change whose notice was lost: the mark written, nothing announced...
    await redis.set(`auth:signed-out-before:${player.userId}`, String(Date.now()));
    // ...and the service's subscription dropped (found by the name it gives its connection).
    const clients = String(await redis.client('LIST')).split('\n');
    const name = `name=${REVOCATION_CHANNEL}@${svc.env.REDIS_KEY_PREFIX}`;
    const id = /id=(\d+)/.exec(clients.find((line) => line.includes(name))!)![1]!;
    await redis.client('KILL', 'ID', id);
    expect(await ws.closed).toEqual(signedOut);
  });

  it('the re-check at an action 60 s after the last one closes a socket whose revocation was not heard', async () => {
    const player = await svc.credentials.issue('user');
    const { id, game } = await svc.clientAs(player.authorization).createSession(newSession());
    svc.clock.set(Date.now());
    const ws = await socket(tokenOf(player));
    const first = answerOf(await ws.ask(action(id, 0, swapOn(game!)))).game;
    // Signed out without a notice (written as auth does, unannounced).
    await redis.set(`auth:signed-out-before:${player.userId}`, String(Date.now()));
    svc.clock.advance(RECHECK_MS / 2);
    expect(answerOf(await ws.ask(action(id, 1, nextOn(first)))).game.seq).toBe(2);
    svc.clock.advance(RECHECK_MS);
    ws.send(action(id, 2, { type: 'reset' }));
    expect(await ws.closed).toEqual(signedOut);
  });

  it('refuses a cross-site handshake (403), as the gateway does; the site’s origin and its own host pass', async () => {
    expect(await refusedHandshake(url(), { origin: 'https://evil.example' })).toEqual({
      status: 403,
      body: { message: 'Cross-site request refused' },
    });
    // PUBLIC_ORIGIN's default; and a page served from the host it connects to.
    await socket(undefined, { origin: 'http://localhost:8080' });
    await socket(undefined, { origin: `http://127.0.0.1:${svc.running.gameWsPort}` });
  });

  it('takes ?session=<id> in its URL (the Ingress hashes it); another game can still be played on it', async () => {
    const { id, game, credential } = await guestGame();
    const other = await guestGame();
    const ws = await socket(undefined, {}, `?session=${id}`);
    expect(answerOf(await ws.ask(action(id, 0, swapOn(game), credential))).game.seq).toBe(1);
    const swap = action(other.id, 0, swapOn(other.game), other.credential);
    expect(answerOf(await ws.ask(swap)).game.seq).toBe(1);
    expect(await refusedHandshake(`${url()}?session=nope`)).toEqual({
      status: 400,
      body: { message: 'session must be a session id (UUID)' },
    });
  });

  it('closes the socket with 4401 when its token expires', async () => {
    // A minute's token, with 0.2 s left on the service's clock at the handshake, then past it:
    // however slow the machine, the handshake is a signed-in one (a 1 s token could expire
    // before it on a loaded machine, leaving a guest's socket that never closes).
    const token = tokenOf(await svc.credentials.issue('user', { ttlSeconds: 60 }));
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    svc.clock.set(exp * 1000 - 200);
    const ws = await socket(token);
    svc.clock.advance(1000);
    expect(await ws.closed).toMatchObject({ code: 4401, reason: 'Session expired' });
  });

  it('counts the token’s expiry on the service clock, as the deny-list re-check', async () => {
    const player = await svc.credentials.issue('user', { ttlSeconds: 3600 });
    // Valid by the wall clock at the handshake, an hour past its expiry by the service's.
    svc.clock.set(Date.now() + 2 * 3600_000);
    const ws = await socket(tokenOf(player));
    expect(await ws.closed).toMatchObject({ code: 4401, reason: 'Session expired' });
  });

  it('answers plain HTTP with 426 at /ws/game and 404 elsewhere; refuses other paths’ handshakes', async () => {
    const base = `http://127.0.0.1:${svc.running.gameWsPort}`;
    expect((await fetch(`${base}/ws/game`)).status).toBe(426);
    expect((await fetch(`${base}/other`)).status).toBe(404);
    await expect(openGameSocket(url().replace('/ws/game', '/ws'))).rejects.toThrow(/404/);
  });
});

describe('stopping', () => {
  it('answers what is in flight, then closes every socket with 1001 and refuses new ones', async () => {
    const own = await startSessions({
      RANKED_STARTS_PER_HOUR_PER_ADDRESS: '1000',
      RANKED_STARTS_PER_HOUR_PER_PLAYER: '1000',
    });
    const ws = await openGameSocket(`ws://127.0.0.1:${own.running.gameWsPort}/ws/game`);
    const games = [];
    for (let i = 0; i < 5; i++) {
      const { id, game } = await own.client.createSession(newSession());
      games.push({ id, game: game!, credential: own.client.credentialOf(id) });
    }
    for (const g of games) ws.send(action(g.id, 0, swapOn(g.game), g.credential));
    const frames = [await ws.next()];
    // Stops the service (then drops its database) while the other actions are in flight.
    const closing = own.close();
    for (let i = 1; i < games.length; i++) frames.push(await ws.next());
    // Every action was answered: applied, or refused before it was (503: send it again).
    for (const frame of frames) {
      expect(frame.type === 'answer' || (frame.type === 'error' && frame.status === 503)).toBe(
        true,
      );
    }
    expect((await ws.closed).code).toBe(1001);
    await closing;
    await expect(
      openGameSocket(`ws://127.0.0.1:${own.running.gameWsPort}/ws/game`),
    ).rejects.toThrow();
  });
});
