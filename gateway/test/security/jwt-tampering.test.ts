// Forged and tampered session tokens, in the gateway's cookie and straight in the services' gRPC
// metadata: every one is refused (401 / UNAUTHENTICATED), never a 5xx, never a session. The
// tokens claim the real admin's id and role, so any one that passed would be an admin's.
import { createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { SignJWT, exportJWK, type JWTPayload } from 'jose';
import { loadPrivateKey } from '@ballmatch/platform';
import { adsV1, authV1, contentV1, scoresV1, sessionsV1 } from '@ballmatch/proto';
import { signedInAdmin, signedInPlayer } from '../ads-support';
import { callRawGrpc } from '../raw-grpc';
import { client, stackPerFile } from '../stack';

let privateKey: KeyObject;
let publicKey: KeyObject;
let adminId: string;
let forged: [string, string][];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** What auth signs, for the admin; `changes` alter it (undefined removes a claim). */
function claims(changes: JWTPayload = {}): JWTPayload {
  const payload: JWTPayload = {
    role: 'admin',
    sub: adminId,
    jti: randomUUID(),
    iss: 'ballmatch-auth',
    aud: 'ballmatch',
    iat: now(),
    exp: now() + 3600,
    ...changes,
  };
  for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
  return payload;
}

/** Signs `payload` as auth does (EdDSA) with `key` and the given header. */
function ed25519(payload: JWTPayload, key: KeyObject = privateKey, header = {}) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', ...header }).sign(key);
}

/** HS256 with a secret the attacker knows: the public key in one of its forms. */
function hs256(payload: JWTPayload, secret: Uint8Array) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(secret);
}

const stack = stackPerFile({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });
beforeAll(async () => {
  const dir = stack.authEnv.JWT_DEV_KEY_DIR!;
  privateKey = loadPrivateKey(undefined, dir);
  publicKey = createPublicKey(privateKey);
  const admin = await signedInAdmin(stack.url);
  adminId = String(((await admin.get('/api/user')).json as { id: string }).id);

  const stranger = generateKeyPairSync('ed25519');
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const der = publicKey.export({ type: 'spki', format: 'der' });
  const raw = Buffer.from((publicKey.export({ format: 'jwk' }) as { x: string }).x, 'base64url');
  // A real player's token with its payload changed to an admin's, its signature kept.
  const player = await signedInPlayer(stack.url, 'jwt_player');
  const [head, body, signature] = decodeURIComponent(player.cookie.split('=')[1]!).split('.');
  const asAdmin = { ...JSON.parse(Buffer.from(body!, 'base64url').toString()), role: 'admin' };
  // A token that was real, then signed out.
  const leaver = await signedInAdmin(stack.url);
  const revoked = decodeURIComponent(leaver.cookie.split('=')[1]!);
  await leaver.post('/api/logout');

  forged = [
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    ['alg none, upper case', `${b64({ alg: 'NONE' })}.${b64(claims())}.`],
    ['HS256 keyed with the public key PEM', await hs256(claims(), Buffer.from(pem))],
    ['HS256 keyed with the public key DER', await hs256(claims(), der)],
    ['HS256 keyed with the raw public key', await hs256(claims(), raw)],
    ['signed by another Ed25519 key', await ed25519(claims(), stranger.privateKey)],
    [
      'another key, embedded as its jwk header',
      await ed25519(claims(), stranger.privateKey, {
        jwk: await exportJWK(stranger.publicKey),
      }),
    ],
    ['expired', await ed25519(claims({ iat: now() - 7200, exp: now() - 60 }))],
    ['not yet valid (nbf ahead)', await ed25519(claims({ nbf: now() + 3600 }))],
    ['wrong issuer', await ed25519(claims({ iss: 'someone-else' }))],
    ['wrong audience', await ed25519(claims({ aud: 'another-app' }))],
    ['no subject', await ed25519(claims({ sub: undefined }))],
    ['no token id', await ed25519(claims({ jti: undefined }))],
    ['no expiry', await ed25519(claims({ exp: undefined }))],
    ['payload changed, signature kept', `${head}.${b64(asAdmin)}.${signature}`],
    ['signature cut off', `${head}.${body}.`],
    ['revoked (signed out)', revoked],
    ['not a JWT', 'garbage'],
    ['a huge token', 'a'.repeat(3000)],
  ];
}, 60_000);

describe('the gateway: a tampered session cookie is no session', () => {
  it('each forged token: 401 on a player route, an admin route and an admin write; the cookie is cleared', async () => {
    const seen: string[] = [];
    for (const [label, token] of forged) {
      const c = client(stack.url);
      const answers = [];
      for (const [method, path, body] of [
        ['GET', '/api/user'],
        ['GET', '/api/admin/check-auth'],
        ['POST', '/api/admin/updates', { title: `Forged ${label}`, content: '<p>x</p>' }],
      ] as const) {
        c.cookie = `bm_session=${encodeURIComponent(token)}`;
        const res = method === 'GET' ? await c.get(path) : await c.post(path, body);
        answers.push(res.status);
        if (path === '/api/user') {
          // The bad cookie is dropped: the answer clears it.
          expect([label, res.setCookie]).toEqual([label, expect.stringMatching(/^bm_session=;/)]);
        }
      }
      seen.push(`${label}: ${answers.join(' ')}`);
    }
    expect(seen).toEqual(forged.map(([label]) => `${label}: 401 401 401`));
    // None of the admin writes went through.
    const admin = await signedInAdmin(stack.url);
    const updates = (await admin.get('/api/admin/updates?limit=50')).json as {
      data: { title: string }[];
    };
    expect(updates.data.filter((u) => u.title.startsWith('Forged'))).toEqual([]);
  });

  it('the gateway takes its session from the cookie only: a valid admin token as a bearer header is ignored', async () => {
    const real = decodeURIComponent((await signedInAdmin(stack.url)).cookie.split('=')[1]!);
    const res = await client(stack.url).get('/api/admin/check-auth', {
      authorization: `Bearer ${real}`,
    });
    expect(res.status).toBe(401);
  });
});

describe('every service: a tampered token in the call metadata is refused (gRPC)', () => {
  it('UNAUTHENTICATED from auth, sessions, scores, ads and content for each forged token', async () => {
    const env = stack.gatewayEnv;
    const targets: [string, { path: string }][] = [
      [env.AUTH_ADDR!, authV1.AccountServiceService.getCurrentUser],
      [env.SESSIONS_ADDR!, sessionsV1.SessionAdminServiceService.listSessions],
      [env.SCORES_ADDR!, scoresV1.ScoresAdminServiceService.listBannedPlayers],
      [env.ADS_ADDR!, adsV1.AdvertiserServiceService.listMyAds],
      [env.CONTENT_ADDR!, contentV1.UpdatesAdminServiceService.listUpdates],
    ];
    const wrong: string[] = [];
    for (const [label, token] of forged) {
      for (const [address, method] of targets) {
        const code = await callRawGrpc(address, method.path, `Bearer ${token}`);
        if (code !== status.UNAUTHENTICATED) wrong.push(`${label} ${method.path}: ${status[code]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
