// Property-based fuzzing of the public HTTP edge against the real stack (every service, real
// PostgreSQL, Redis and NATS): random and edge-case paths, query strings and JSON bodies, sent
// as a guest, a player and an admin, to every route the gateway serves. Bad input is the
// caller's fault: the answer is never a 5xx, and an /api error is always JSON with a message.
//
// The routes are read from the gateway's own router, so a route added later is fuzzed too.
// The inputs that once answered 5xx are among the examples every run tries first.
import fc from 'fast-check';
import { orderAd, signedInAdmin } from './ads-support';
import { gatewayRoutes, type Route } from './security/routes';
import { client, stackPerFile } from './stack';

/** Numbers at the edges of every wire type and of JSON itself, written as raw JSON text. */
const RAW_NUMBERS = [
  '0',
  '-0',
  '1',
  '-1',
  '0.5',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '-9007199254740993',
  '18446744073709551616',
  '1e21',
  '1e308',
  '-1e308',
  '1e400',
  '5e-324',
  '1E3',
];

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'ann\u0000@example.com',
  '\u0000admin',
  '\ud800',
  '\u202eevil',
  '\u200b',
  '%E0%A4%A',
  '%ZZ',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '0x' + 'f'.repeat(40),
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '2026-02-30',
  '2026-01-01T00:00:00Z',
  '9999-12-31',
  'admin',
  'chief',
  'Ａｄｍｉｎ',
  // Look-alikes, right-to-left text, emoji sequences, marks, surrogates that pair with nothing.
  '\u0410dmin',
  'ⓐⓓⓜⓘⓝ',
  'مرحبا بالعالم',
  'abc\u202edcba\u202c',
  '\u200f\u200e',
  '🎱',
  '👨\u200d👩\u200d👧\u200d👦',
  '🇺🇳🏳️\u200d🌈',
  'Z\u0334\u0321\u0322a\u0338l\u0337g\u0336o',
  '\ufeffBOM',
  '\udc00',
  '\udc00\ud800',
  'x\ud83d',
  'abc\u0000',
  '\u0000'.repeat(16),
  // Keys that pollute prototypes where objects are merged carelessly.
  '__proto__',
  'constructor',
  'prototype',
  '9007199254740993',
  'NaN',
  'true',
];

/** A raw JSON number, kept apart so JSON.stringify cannot round it. */
class RawNumber {
  constructor(readonly text: string) {}
}

type Fuzz = unknown;

const edgeString = fc.constantFrom(...EDGE_STRINGS);
const anyString = fc.oneof(
  edgeString,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
);
const anyNumber = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS).map((t) => new RawNumber(t)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => new RawNumber(n.toString())),
);
const scalar: fc.Arbitrary<Fuzz> = fc.oneof(anyString, anyNumber, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<Fuzz> = fc.letrec<{ value: Fuzz }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Ids that exist in the stack (filled in beforeAll), so the services' own checks run. */
const known = {
  session: '00000000-0000-4000-8000-000000000000',
  week: '',
  season: '',
  score: '00000000-0000-4000-8000-000000000000',
  name: 'Fuzzy',
  ip: '127.0.0.1',
  ad: '00000000-0000-4000-8000-000000000000',
  order: '00000000-0000-4000-8000-000000000000',
  offer: 'AAAAAAAAAAAAAAAAAAAAAA',
  media: 'none.webp',
  imageKey: 'none.webp',
  update: '00000000-0000-4000-8000-000000000000',
  feedback: '00000000-0000-4000-8000-000000000000',
};

/**
 * Every field the API reads (and a few it may read one day), each with a value that passes
 * the gateway's checks, so a mutated body gets past them to the services. The current
 * password is left out: a fuzzed password change would sign the fuzzing sessions out.
 */
const VALID: Record<string, () => unknown> = {
  email: () => 'fuzz.other@example.com',
  password: () => 'a fuzzing password',
  username: () => 'fuzz_other',
  evmWallet: () => '',
  newPassword: () => 'another fuzzing password',
  playerName: () => 'Fuzzy',
  sessionId: () => known.session,
  deviceFingerprint: () => 'fuzz-device',
  totalScore: () => 10,
  matchCount: () => 1,
  moveCount: () => 1,
  averageMoveDuration: () => 500,
  moveTimestamps: () => [1000, 1500, 2100],
  suspiciousFlags: () => [],
  endingSession: () => false,
  reason: () => 'fuzzing',
  score: () => 10,
  level: () => 1,
  moves: () => 1,
  gameLog: () => ({ v: 1, t0: 0, e: [[1, 0]] }),
  name: () => 'Fuzz season',
  startDate: () => new Date(Date.now() + 86_400_000).toISOString(),
  endDate: () => new Date(Date.now() + 2 * 86_400_000).toISOString(),
  hasAds: () => false,
  sessionTime: () => 60,
  gameTime: () => 50,
  adIds: () => [],
  adBlockerDetected: () => false,
  pointsMultiplier: () => 1,
  seq: () => 0,
  type: () => 'swap',
  from: () => ({ x: 0, y: 0 }),
  to: () => ({ x: 1, y: 0 }),
  x: () => 0,
  y: () => 0,
  kind: () => 'ball',
  color: () => 'red',
  imageKey: () => known.imageKey,
  destinationUrl: () => 'https://example.com/fuzz',
  runDays: () => 7,
  startsAt: () => new Date(Date.now() + 86_400_000).toISOString(),
  refund: () => 'none',
  color_code: () => 'orange',
  svg_content: () => '<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>',
  title: () => 'Fuzz news',
  content: () => '<p>Fuzzed <strong>news</strong> <a href="https://example.com/">link</a></p>',
  publishDate: () => new Date(Date.now() + 86_400_000).toISOString(),
  message: () => 'A fuzzed message',
};
const FIELDS = [
  ...Object.keys(VALID),
  'currentPassword',
  'id',
  'action',
  '__proto__',
  'constructor',
  'prototype',
  'role',
  'isAdmin',
  'userId',
];
const QUERY_KEYS = [
  'limit',
  'radius',
  'score',
  'playerName',
  'page',
  'days',
  'id',
  'type',
  'kind',
  'state',
  'from',
  'to',
  'placement',
  'status',
  'archived',
  '__proto__',
  '__proto__[role]',
  'constructor[prototype][role]',
  'role',
];

/** The headers the ads routes read: a purchase's Idempotency-Key and an impression's offer. */
const headerValue = fc.oneof(
  fc.constantFrom('', 'fuzz-key-0001', 'short', 'x'.repeat(101), '../', '%00'),
  fc.constant(null).map(() => known.offer),
  fc.string({ unit: fc.constantFrom(...'aZ09-_:/.%'.split('')), maxLength: 120 }),
);
const adHeaders = fc.record(
  { 'idempotency-key': headerValue, 'x-ad-offer': headerValue },
  { requiredKeys: [] },
);

const gameLogLike = fc.record({
  v: fc.oneof(fc.constant(1), anyNumber),
  t0: anyNumber,
  e: fc.array(fc.tuple(anyNumber, anyNumber), { maxLength: 4 }),
});
/** An object whose own keys would set a prototype's properties if merged into another. */
const polluting = fc
  .record({
    key: fc.constantFrom('__proto__', 'constructor', 'prototype'),
    inner: fc.dictionary(fc.constantFrom('role', 'isAdmin', 'polluted', 'prototype'), value, {
      maxKeys: 2,
    }),
  })
  .map(({ key, inner }) => {
    const o: Record<string, unknown> = {};
    Object.defineProperty(o, key, { value: inner, enumerable: true, writable: true });
    return o;
  });
const fuzzValue = fc.oneof(value, gameLogLike, polluting, fc.array(anyNumber, { maxLength: 5 }));
/** A valid body with a few fields changed to fuzz values and a few left out. */
const bodyObject = fc
  .record({
    changed: fc.dictionary(fc.constantFrom(...FIELDS), fuzzValue, { minKeys: 1, maxKeys: 3 }),
    dropped: fc.subarray(Object.keys(VALID), { maxLength: 3 }),
  })
  .map(({ changed, dropped }) => {
    const body: Record<string, unknown> = {};
    for (const [k, make] of Object.entries(VALID)) if (!dropped.includes(k)) body[k] = make();
    for (const [k, v] of Object.entries(changed)) {
      // A plain assignment to __proto__ would set the prototype, not send the key.
      Object.defineProperty(body, k, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return body;
  });

/** JSON text with the raw numbers written as they are (1e400, 9007199254740993...). */
function jsonText(body: Fuzz): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, v: unknown) => {
    if (v instanceof RawNumber) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** A path segment as a client might send it: escaped, raw, or with a broken %-escape. */
const segment = fc.oneof(
  fc.constantFrom(
    '%E0%A4%A',
    '%ZZ',
    '%',
    '%00',
    '%FF',
    '%C0%AF',
    '%ED%A0%80',
    '%2F',
    '%2e%2e',
    '00000000-0000-4000-8000-000000000000',
    '2147483648',
    '9007199254740993',
  ),
  // Ids that exist, so the services' own checks run.
  fc
    .constantFrom<keyof typeof known>(
      'session',
      'week',
      'season',
      'score',
      'name',
      'ip',
      'ad',
      'order',
      'offer',
      'media',
      'update',
      'feedback',
    )
    .map((k) => known[k]),
  anyString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }).map((s) =>
    // Keep what a URL can carry as it is; escape the rest.
    s.replace(/[^A-Za-z0-9%._~!$&'()*+,;=:@-]/g, (c) => encodeURIComponent(c)),
  ),
);

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), segment),
      fc.oneof(
        fc.constantFrom(...RAW_NUMBERS),
        segment,
        anyString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&') : ''));

function fillPath(template: string, parts: string[]): string {
  let i = 0;
  return template
    .replace(/\{\*\w+\}/g, () => parts[i++ % parts.length] ?? 'x')
    .replace(/:\w+/g, () => parts[i++ % parts.length] ?? 'x');
}

type As = 'guest' | 'player' | 'admin';

let routes: Route[];
const cookies: Record<As, string> = { guest: '', player: '', admin: '' };

const stack = stackPerFile({
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
});
beforeAll(async () => {
  routes = gatewayRoutes(stack.gatewayEnv);
  const player = client(stack.url);
  const registered = await player.post('/api/register', {
    username: 'fuzz_player',
    email: 'fuzz@example.com',
    password: 'a fuzzing password',
  });
  // Without its cookie every later call of the player's is a 401 that names nothing.
  if (registered.status !== 200)
    throw new Error(`register: ${registered.status} ${registered.text}`);
  cookies.player = player.cookie;
  const admin = await signedInAdmin(stack.url);
  cookies.admin = admin.cookie;
  const created = await player.post('/api/player-sessions', {
    playerName: 'Fuzzy',
    sessionId: '8d2c7c1e-5c1a-4c3b-9b7e-2f1f3a4b5c6d',
    deviceFingerprint: 'fuzz-device',
  });
  if (typeof created.json?.id === 'string') known.session = created.json.id;
  const offers = created.json?.offers as { reward?: { id: string } } | null;
  if (offers?.reward) known.offer = offers.reward.id;
  // An ad of the player's, awaiting payment, so the ads service's own checks run on it too.
  const ad = await orderAd(stack.url, player);
  Object.assign(known, {
    ad: ad.id,
    order: ad.orderId,
    media: ad.imageUrl.split('/').pop()!,
    imageKey: ad.imageUrl.split('/').pop()!,
  });
  known.week = String((await player.get('/api/weekly-leaderboards/active')).json?.id ?? '');
  const season = await admin.post('/api/admin/seasonal-leaderboards', {
    name: 'Fuzz cup',
    startDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    endDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
  });
  known.season = String(season.json?.id ?? '');
  // An update and a message, so the content service's own checks run on them too.
  const update = await admin.post('/api/admin/updates', { title: 'Fuzz', content: '<p>News</p>' });
  known.update = String(update.json?.id ?? known.update);
  const feedback = await player.post('/api/feedback', {
    name: 'Fuzz',
    email: 'fuzz@example.com',
    message: 'Hello',
  });
  known.feedback = String(feedback.json?.id ?? known.feedback);
}, 60_000);

interface Sent {
  method: string;
  path: string;
  as: As;
  /** JSON text, or raw bytes (not always UTF-8). */
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Sends one request; fails with what was sent when the answer is a 5xx or not JSON. */
async function expectNo5xx(sent: Sent): Promise<void> {
  // Signing out would end the fuzzing session: logout goes as a guest.
  const as = sent.path.startsWith('/api/logout') ? 'guest' : sent.as;
  const res = await fetch(stack.url + sent.path, {
    // A request that gets no answer is a hang: fail with what was sent, not a jest timeout.
    signal: AbortSignal.timeout(HANG_MS),
    method: sent.method,
    headers: {
      ...sent.headers,
      ...(cookies[as] ? { cookie: cookies[as] } : {}),
      ...(sent.body !== undefined
        ? { 'content-type': sent.contentType ?? 'application/json' }
        : {}),
    },
    body: typeof sent.body === 'string' ? sent.body : sent.body && new Uint8Array(sent.body),
  }).catch((error: unknown) => {
    throw new Error(`no answer (${String(error)}): ${sent.method} ${sent.path} as ${as}`);
  });
  const text = await res.text();
  const headers = sent.headers ? JSON.stringify(sent.headers) : '';
  const what = `${sent.method} ${sent.path} as ${as} ${headers} ${sent.body ?? ''} -> ${res.status} ${text.slice(0, 300)}`;
  if (res.status >= 500) throw new Error(`5xx: ${what}`);
  const url = new URL(stack.url + sent.path);
  if (res.status >= 400 && sent.method !== 'HEAD' && url.pathname.startsWith('/api/')) {
    let json: { message?: unknown } | undefined;
    try {
      json = JSON.parse(text) as { message?: unknown };
    } catch {
      json = undefined;
    }
    if (typeof json?.message !== 'string') throw new Error(`error without a JSON message: ${what}`);
    // A clear message: words, not a placeholder of a value the server failed to read.
    const sentText = `${sent.path} ${String(sent.body ?? '')}`;
    const unclear = ['[object Object]', 'undefined', 'NaN'].find(
      (w) => json.message!.toString().includes(w) && !sentText.includes(w),
    );
    if (json.message === '' || unclear) throw new Error(`unclear message: ${what}`);
  }
}

/** Far longer than any answer takes on a loaded machine; only a request left hanging reaches it. */
const HANG_MS = 20_000;

const asArb = fc.constantFrom<As>('guest', 'player', 'admin');

/** The inputs of issue 10 that answered 5xx, tried first by every run. */
const FOUND: Sent[] = [
  { method: 'GET', path: '/api/scores/check-high-score?score=9007199254740993', as: 'guest' },
  { method: 'GET', path: '/api/scores/check-high-score?score=-1e21', as: 'guest' },
  {
    method: 'POST',
    path: '/api/scores',
    as: 'guest',
    body: '{"playerName":"Ann","score":10,"level":2147483648,"sessionId":"00000000-0000-4000-8000-000000000000","gameLog":{"v":1,"t0":0,"e":[]}}',
  },
  {
    method: 'POST',
    path: '/api/scores',
    as: 'guest',
    body: '{"playerName":"Ann","score":10,"level":1,"moves":4294967296,"sessionId":"00000000-0000-4000-8000-000000000000","gameLog":{"v":1,"t0":0,"e":[]}}',
  },
  {
    method: 'POST',
    path: '/api/register',
    as: 'guest',
    body: '{"username":"nul_user","email":"a\\u0000b@example.com","password":"a long password"}',
  },
  {
    method: 'POST',
    path: '/api/login',
    as: 'guest',
    body: '{"email":"a\\u0000b@example.com","password":"a long password"}',
  },
  {
    method: 'POST',
    path: '/api/admin/login',
    as: 'guest',
    body: '{"username":"ch\\u0000ief","password":"a long password"}',
  },
  { method: 'PATCH', path: '/api/user/profile', as: 'player', body: '{"username":"a\\u0000b"}' },
  { method: 'GET', path: '/assets/%E0%A4%A.js', as: 'guest' },
  { method: 'DELETE', path: '/api/admin/banned-players/%E0%A4%A', as: 'admin' },
  { method: 'PATCH', path: '/api/player-sessions/%ZZ', as: 'guest', body: '{}' },
  { method: 'POST', path: '/api/scores/reset', as: 'admin', body: '{"reason":"\\u0000"}' },
  { method: 'GET', path: '/api/scores/rank?playerName=a%00', as: 'guest' },
];

describe('fuzzing the public edge: never a 5xx', () => {
  it('finds the API routes in the gateway itself', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/scores' },
        { method: 'GET', path: '/api/scores/check-high-score' },
        { method: 'PATCH', path: '/api/player-sessions/:id' },
        { method: 'DELETE', path: '/api/admin/banned-players/:name' },
        { method: 'POST', path: '/api/payments/stripe/webhook' },
        { method: 'POST', path: '/api/ads/images' },
        { method: 'GET', path: '/api/media/:key' },
        { method: 'POST', path: '/api/ads/:id/impression' },
        { method: 'POST', path: '/api/admin/icons/upload' },
        { method: 'GET', path: '/api/updates' },
        { method: 'PUT', path: '/api/admin/updates/:id' },
        { method: 'POST', path: '/api/feedback' },
        { method: 'POST', path: '/api/admin/feedback/:id/archive' },
      ]),
    );
  });

  it('the inputs that once answered 5xx', async () => {
    for (const sent of FOUND) await expectNo5xx(sent);
  });

  it('every route, with random path parameters, query strings and JSON bodies', async () => {
    const request = fc
      .record({
        route: fc.constantFrom(...routes),
        parts: fc.array(segment, { minLength: 1, maxLength: 3 }),
        query: queryString,
        body: fc.option(
          fc.oneof({ weight: 4, arbitrary: bodyObject }, { weight: 1, arbitrary: value }),
        ),
        as: asArb,
        headers: adHeaders,
      })
      .map(({ route, parts, query, body, as, headers }): Sent => ({
        method: route.method,
        path: fillPath(route.path, parts) + query,
        as,
        body: body === null || route.method === 'GET' ? undefined : jsonText(body),
        headers,
      }));
    await fc.assert(fc.asyncProperty(request, expectNo5xx), {
      numRuns: 1500,
      examples: FOUND.map((sent) => [sent]),
    });
  }, 300_000);

  it('bodies that are not JSON, or not what they claim to be', async () => {
    const writes = () => routes.filter((r) => r.method !== 'GET');
    const request = fc
      .record({
        route: fc.constantFrom(...writes()),
        body: fc.oneof<fc.Arbitrary<string | Buffer>[]>(
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.constantFrom(
            '{"email": ',
            '[1,2]',
            'null',
            '"text"',
            '1e400',
            '{"a":1}}',
            '\u0000',
            '{"__proto__":{"role":"admin"}}',
            '{"constructor":{"prototype":{"role":"admin"}}}',
            '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
          ),
          // Bytes that are not UTF-8: lone continuation bytes, overlongs, a cut sequence.
          fc
            .array(fc.constantFrom(0x80, 0xbf, 0xc0, 0xaf, 0xed, 0xa0, 0xff, 0xfe, 0xe2, 0x82), {
              minLength: 1,
              maxLength: 8,
            })
            .map((bytes) =>
              Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('"}')]),
            ),
        ),
        contentType: fc.constantFrom(
          'application/json',
          'application/json; charset=utf-16',
          'application/json; charset=nope',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ),
        as: asArb,
      })
      .map(({ route, body, contentType, as }): Sent => ({
        method: route.method,
        path: fillPath(route.path, ['00000000-0000-4000-8000-000000000000']),
        as,
        body,
        contentType,
      }));
    await fc.assert(fc.asyncProperty(request, expectNo5xx), { numRuns: 300 });
  }, 120_000);

  it('huge bodies and deep nesting: refused with a 4xx, quickly', async () => {
    const huge = [
      { name: 'x'.repeat(200_000) },
      { message: 'y'.repeat(99_000), email: 'a@example.com', name: 'Big' },
      JSON.parse('{"a":' + '{"b":'.repeat(2000) + '1' + '}'.repeat(2000) + '}') as unknown,
      Array.from({ length: 20_000 }, (_, i) => i),
      { moveTimestamps: Array.from({ length: 12_000 }, (_, i) => i * 100) },
    ];
    for (const body of huge) {
      for (const route of routes.filter((r) => r.method !== 'GET')) {
        await expectNo5xx({
          method: route.method,
          path: fillPath(route.path, ['00000000-0000-4000-8000-000000000000']),
          as: 'player',
          body: JSON.stringify(body),
        });
      }
    }
  }, 120_000);

  it('static assets and page paths, with broken %-escapes', async () => {
    const request = fc
      .record({
        prefix: fc.constantFrom('/assets/', '/', '/admin/', '/api/'),
        parts: fc.array(segment, { minLength: 1, maxLength: 3 }),
        ext: fc.constantFrom('', '.js', '.css', '.svg', '.html', '.br'),
        method: fc.constantFrom('GET', 'HEAD'),
      })
      .map(({ prefix, parts, ext, method }): Sent => ({
        method,
        path: prefix + parts.join('/') + ext,
        as: 'guest',
      }));
    await fc.assert(fc.asyncProperty(request, expectNo5xx), {
      numRuns: 300,
      examples: [[{ method: 'GET', path: '/assets/%E0%A4%A.js', as: 'guest' }]],
    });
  }, 120_000);

  it('afterwards: nothing crashed or was polluted; the gateway and every service still answer', async () => {
    // The gateway and the services run in this process: a polluted prototype would show here.
    const probe: Record<string, unknown> = {};
    expect([probe.role, probe.isAdmin, probe.polluted]).toEqual([undefined, undefined, undefined]);
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('role');
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${stack.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, expect.objectContaining({})]);
    // A call that reaches each service through the gateway.
    const player = client(stack.url);
    player.cookie = cookies.player;
    for (const path of [
      '/api/user',
      '/api/user/scores',
      '/api/scores/top',
      '/api/ads/mine',
      '/api/updates',
    ]) {
      expect([path, (await player.get(path)).status]).toEqual([path, 200]);
    }
    expect((await player.get(`/api/player-sessions/${known.session}/game`)).status).toBe(200);
  });
});
