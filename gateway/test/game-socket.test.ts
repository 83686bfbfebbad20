import { randomUUID } from 'node:crypto';
import { findMoves, gridFromCells, type Color } from '@ballmatch/engine';
import {
  openGameSocket,
  refusedHandshake,
  type Frame,
  type GameSocketClient,
} from '../../services/sessions/test/game-socket-client';
import { signedInPlayer } from './ads-support';
import { client, stackPerFile } from './stack';

// /ws/game through the gateway: the upgrade is proxied to the sessions service's game socket
// with the same checks as /ws; an action answers exactly what the HTTP route answers.
const stack = stackPerFile();

const socketUrl = () => `${stack.url.replace(/^http/, 'ws')}/ws/game`;
const sameSite = () => ({ origin: stack.url });

type ShownGame = { grid: string[]; seq: number };
const swapOn = (game: ShownGame) => ({
  type: 'swap',
  ...findMoves({ grid: gridFromCells(game.grid as Color[]) })[0]!,
});

async function newGame(c = client(stack.url)) {
  const created = await c.post('/api/player-sessions', {
    playerName: `Sock ${randomUUID().slice(0, 6)}`,
    sessionId: randomUUID(),
    deviceFingerprint: 'f'.repeat(50),
  });
  expect(created.status).toBe(200);
  return created.json as { id: string; credential: string; game: ShownGame };
}

describe('/ws/game through the gateway', () => {
  it('refuses a cross-site handshake (403) and answers plain HTTP with 426', async () => {
    await expect(openGameSocket(socketUrl(), { origin: 'https://evil.example' })).rejects.toThrow(
      /403/,
    );
    expect((await fetch(`${stack.url}/ws/game`)).status).toBe(426);
  });

  it('answers an action with exactly the body the HTTP route answers, and its errors alike', async () => {
    const { id, credential, game } = await newGame();
    const ws = await openGameSocket(socketUrl(), sameSite());
    const body = { seq: 0, action: swapOn(game) };
    const frame = await ws.ask({ type: 'action', session: id, credential, ...body });
    expect(frame).toMatchObject({ type: 'answer', session: id, seq: 0 });
    // The same action again over HTTP is a retry: the stored answer, the same JSON but for how
    // much of the game is durable (the socket answered from memory; HTTP once it was written).
    const owner = { 'x-session-credential': credential };
    const http = await client(stack.url).post(`/api/player-sessions/${id}/actions`, body, owner);
    expect(http.status).toBe(200);
    const { durableSeq, ...answered } = (frame as Extract<Frame, { type: 'answer' }>).answer;
    expect(durableSeq).toBeLessThanOrEqual(1);
    expect(http.json).toEqual({ ...answered, durableSeq: 1 });

    const wrong = { seq: 4, action: { type: 'reset' } };
    const refused = await client(stack.url).post(
      `/api/player-sessions/${id}/actions`,
      wrong,
      owner,
    );
    expect(await ws.ask({ type: 'action', session: id, credential, ...wrong })).toEqual({
      type: 'error',
      session: id,
      seq: 4,
      status: refused.status,
      message: refused.json.message,
      field: refused.json.field,
    });
    const bad = { seq: 1, action: { type: 'swap', from: { x: 0 }, to: { x: 1, y: 0 } } };
    const badHttp = await client(stack.url).post(`/api/player-sessions/${id}/actions`, bad, owner);
    expect(badHttp.status).toBe(400);
    expect(await ws.ask({ type: 'action', session: id, credential, ...bad })).toMatchObject({
      status: 400,
      message: badHttp.json.message,
    });
    ws.close();
  });

  it("carries the session cookie: a signed-in player's own game needs no credential, another's is 403", async () => {
    const player = await signedInPlayer(stack.url, `sock_${process.pid % 1000}`);
    const { id, game } = await newGame(player);
    const action = { type: 'action', session: id, seq: 0, action: swapOn(game) };
    const stranger = await openGameSocket(socketUrl(), sameSite());
    expect(await stranger.ask(action)).toMatchObject({ type: 'error', status: 403 });
    const own = await openGameSocket(socketUrl(), { ...sameSite(), cookie: player.cookie });
    expect(await own.ask(action)).toMatchObject({ type: 'answer', session: id, seq: 0 });
    stranger.close();
    own.close();
  });

  it('a logout, and a password change on another device, close the signed-in game socket (4401 Signed out)', async () => {
    const signedOut = { code: 4401, reason: 'Signed out' };
    const player = await signedInPlayer(stack.url, `out_${process.pid % 1000}`);
    const ws = await openGameSocket(socketUrl(), { ...sameSite(), cookie: player.cookie });
    expect((await player.post('/api/logout')).status).toBe(200);
    // Auth's notice reaches sessions: no action on the socket, no 60 s re-check.
    expect(await ws.closed).toEqual(signedOut);

    const name = `pw_${process.pid % 1000}`;
    const laptop = await signedInPlayer(stack.url, name);
    const phone = client(stack.url);
    const login = { email: `${name}@example.com`, password: 'a fine long password' };
    expect((await phone.post('/api/login', login)).status).toBe(200);
    const onPhone = await openGameSocket(socketUrl(), { ...sameSite(), cookie: phone.cookie });
    const changed = await laptop.patch('/api/user/profile', {
      currentPassword: login.password,
      newPassword: 'a different long password',
    });
    expect(changed.status).toBe(200);
    expect(await onPhone.closed).toEqual(signedOut);
  });

  it('the game socket counts the client address the gateway forwards, 20 sockets each', async () => {
    // A gateway behind one trusted proxy: the X-Forwarded-For entry it believes is the client.
    const gateway = await stack.startExtraGateway({ TRUST_PROXY: '1' });
    const url = `ws://127.0.0.1:${gateway.port}/ws/game`;
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const sockets: GameSocketClient[] = [];
    try {
      // GAME_WS_MAX_CONNECTIONS_PER_IP's default.
      for (let i = 0; i < 20; i++) sockets.push(await openGameSocket(url, from('198.51.100.1')));
      expect(await refusedHandshake(url, from('198.51.100.1'))).toEqual({
        status: 429,
        body: { message: 'Too many connections from this address' },
      });
      // Another client behind the same gateway is not counted with the first.
      sockets.push(await openGameSocket(url, from('198.51.100.2')));
    } finally {
      sockets.forEach((s) => s.close());
      await Promise.all(sockets.map((s) => s.closed));
    }
  });
});
