import net from 'node:net';
import { SESSION_COOKIE } from '@ballmatch/platform';
import { eventually } from '@ballmatch/platform/testing';
import { openGameSocket, refusedHandshake, type GameSocketClient } from './game-socket-client';
import { startSessions, type SessionsHarness } from './harness';

/**
 * The game socket's per-address cap (GAME_WS_MAX_CONNECTIONS_PER_IP), behind the gateway as
 * deployed (TRUST_PROXY=1: the address is the X-Forwarded-For the gateway wrote).
 */
const MAX = 3;
let svc: SessionsHarness;
const opened: GameSocketClient[] = [];
beforeAll(async () => {
  svc = await startSessions({ GAME_WS_MAX_CONNECTIONS_PER_IP: String(MAX), TRUST_PROXY: '1' });
});
afterEach(async () => {
  const closing = opened.splice(0);
  closing.forEach((s) => s.close());
  await Promise.all(closing.map((s) => s.closed));
});
afterAll(() => svc.close());

const url = () => `ws://127.0.0.1:${svc.running.gameWsPort}/ws/game`;
const from = (address: string) => ({ 'x-forwarded-for': address });
async function socket(address: string) {
  const ws = await openGameSocket(url(), from(address));
  opened.push(ws);
  return ws;
}
const tooMany = { status: 429, body: { message: 'Too many connections from this address' } };

/**
 * Writes a handshake at the TCP level (`version` 13 is the one ws accepts); `written` is
 * called once it is sent.
 */
function rawHandshake(address: string, version: number, extra = '', written?: () => void) {
  const raw = net.connect(svc.running.gameWsPort, '127.0.0.1');
  raw.write(
    'GET /ws/game HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: ${version}\r\n` +
      `X-Forwarded-For: ${address}\r\n${extra}\r\n`,
    written,
  );
  return raw;
}
const closed = (raw: net.Socket) => new Promise((resolve) => raw.once('close', resolve));

describe('the game socket per address', () => {
  it(`refuses the handshake past ${MAX} sockets from one address with 429; others still connect`, async () => {
    for (let i = 0; i < MAX; i++) await socket('203.0.113.7');
    expect(await refusedHandshake(url(), from('203.0.113.7'))).toEqual(tooMany);
    // An entry the client wrote before the gateway's is not believed.
    expect(await refusedHandshake(url(), from('198.51.100.1, 203.0.113.7'))).toEqual(tooMany);
    const other = await socket('203.0.113.8');
    expect(other.ws.readyState).toBe(other.ws.OPEN);
  });

  it('a closed socket gives its place back, once', async () => {
    const first = await socket('203.0.113.9');
    for (let i = 1; i < MAX; i++) await socket('203.0.113.9');
    first.close();
    await first.closed;
    // The server sees the close a moment after the client: wait for the place, not for time.
    const again = await eventually(() => openGameSocket(url(), from('203.0.113.9')), {
      timeoutMs: 5000,
    });
    opened.push(again);
    expect(await refusedHandshake(url(), from('203.0.113.9'))).toEqual(tooMany);
  });

  it('a failed handshake, or a peer gone during it, gives its place back, once', async () => {
    for (let i = 1; i < MAX; i++) await socket('203.0.113.10');
    // Refused by the WebSocket server (an unsupported version): an answer, then the end.
    const refused = rawHandshake('203.0.113.10', 99);
    let answer = '';
    refused.on('data', (chunk) => (answer += chunk));
    await closed(refused);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    // Gone after the request, while its session cookie is checked.
    const leaver: net.Socket = rawHandshake(
      '203.0.113.10',
      13,
      `Cookie: ${SESSION_COOKIE}=x.y.z\r\n`,
      () => leaver.destroy(),
    );
    await closed(leaver);
    // Their places came back (and were not given back twice): one more socket, then 429.
    const last = await eventually(() => openGameSocket(url(), from('203.0.113.10')), {
      timeoutMs: 5000,
    });
    opened.push(last);
    expect(await refusedHandshake(url(), from('203.0.113.10'))).toEqual(tooMany);
  });
});
