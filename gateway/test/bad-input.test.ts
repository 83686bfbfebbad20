// Inputs that once answered 5xx (issue 10) answer 4xx naming the field, and store nothing.
// The fuzz tests (fuzz.test.ts) throw these and random inputs at every route.
import { signedInAdmin } from './ads-support';
import { client, stackPerFile } from './stack';

const stack = stackPerFile({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });

const admin = () => signedInAdmin(stack.url);

describe('numbers the proto field cannot carry', () => {
  it.each([
    ['9007199254740993', 'score is out of range'],
    ['9007199254740992', 'score is out of range'],
    ['-9007199254740993', 'score is out of range'],
    ['99999999999999999999999', 'score is out of range'],
    ['1e21', 'score must be a whole number'],
    ['1E3', 'score must be a whole number'],
    ['-1e400', 'score must be a whole number'],
    ['0x10', 'score must be a whole number'],
    ['1.5', 'score must be a whole number'],
    ['', 'score must be a whole number'],
  ])('check-high-score?score=%s is 400: %s', async (score, message) => {
    const res = await client(stack.url).get(
      `/api/scores/check-high-score?score=${encodeURIComponent(score)}`,
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field: 'score' });
  });

  it('check-high-score takes every whole number an int64 carries as a JS number', async () => {
    for (const score of ['9007199254740991', '-9007199254740991', '0', '12']) {
      const res = await client(stack.url).get(`/api/scores/check-high-score?score=${score}`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ isHighScore: expect.any(Boolean) });
    }
  });

  it('level 2^31, moves 2^32 and score 2^53 on every submission path are 400, and nothing is stored', async () => {
    const base = {
      playerName: 'Ann',
      score: 10,
      level: 1,
      sessionId: '00000000-0000-4000-8000-000000000000',
      gameLog: { v: 1, t0: 0, e: [] },
    };
    const before = (await client(stack.url).get('/api/scores/top')).json;
    const paths = [
      '/api/scores',
      '/api/weekly-leaderboards/record-score',
      '/api/seasonal-leaderboards/00000000-0000-4000-8000-000000000000/scores',
    ];
    for (const path of paths) {
      for (const [change, field] of [
        [{ level: 2 ** 31 }, 'level'],
        [{ moves: 2 ** 32 }, 'moves'],
        [{ score: 2 ** 53 }, 'score'],
      ] as const) {
        const res = await client(stack.url).post(path, { ...base, ...change });
        expect([path, res.status, res.json]).toEqual([
          path,
          400,
          { message: `${field} is out of range`, field },
        ]);
      }
    }
    expect((await client(stack.url).get('/api/scores/top')).json).toEqual(before);
  });

  it('session figures past their int32/int64 fields are 400', async () => {
    const c = client(stack.url);
    const figures = {
      totalScore: 10,
      matchCount: 1,
      moveCount: 1,
      averageMoveDuration: 500,
      playerName: 'Ann',
    };
    for (const [change, field] of [
      [{ totalScore: 2 ** 53 }, 'totalScore'],
      [{ matchCount: 2 ** 31 }, 'matchCount'],
      [{ moveCount: -(2 ** 31) - 1 }, 'moveCount'],
    ] as const) {
      const res = await c.patch('/api/player-sessions/00000000-0000-4000-8000-000000000000', {
        ...figures,
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: `${field} is out of range`, field });
    }
  });
});

describe('a NUL byte in an email or a username', () => {
  const nul = (field: 'email' | 'username') => ({
    message: `${field === 'email' ? 'Email' : 'Username'} must not contain control characters`,
    field,
  });

  it('is 400 on register, and takes neither the name nor the address', async () => {
    const input = { username: 'nul_check', email: 'nul@example.com', password: 'a long password' };
    const badEmail = await client(stack.url).post('/api/register', {
      ...input,
      email: 'nul\u0000@example.com',
    });
    expect([badEmail.status, badEmail.json]).toEqual([400, nul('email')]);
    const badName = await client(stack.url).post('/api/register', {
      ...input,
      username: 'nul\u0000check',
    });
    expect([badName.status, badName.json]).toEqual([400, nul('username')]);
    expect((await client(stack.url).post('/api/register', input)).status).toBe(200);
  });

  it('is 400 on login and admin login', async () => {
    const login = await client(stack.url).post('/api/login', {
      email: 'a\u0000b@example.com',
      password: 'a long password',
    });
    expect([login.status, login.json]).toEqual([400, nul('email')]);
    const adminLogin = await client(stack.url).post('/api/admin/login', {
      username: 'ch\u0000ief',
      password: 'admin-password-1',
    });
    expect([adminLogin.status, adminLogin.json]).toEqual([400, nul('username')]);
  });

  it('is 400 on a profile change, which changes nothing', async () => {
    const c = client(stack.url);
    const input = {
      username: 'nul_profile',
      email: 'nulp@example.com',
      password: 'a long password',
    };
    await c.post('/api/register', input);
    const badName = await c.patch('/api/user/profile', { username: 'nul\u0000profile' });
    expect([badName.status, badName.json]).toEqual([400, nul('username')]);
    const badEmail = await c.patch('/api/user/profile', {
      email: 'x\u0000@example.com',
      currentPassword: input.password,
    });
    expect([badEmail.status, badEmail.json]).toEqual([400, nul('email')]);
    expect((await c.get('/api/user')).json).toMatchObject({
      username: input.username,
      email: input.email,
    });
  });

  it('elsewhere too: a reset reason, a rank lookup', async () => {
    const a = await admin();
    const reset = await a.post('/api/scores/reset', { reason: 'oops\u0000' });
    expect([reset.status, reset.json]).toEqual([
      400,
      { message: 'The reason must not contain control characters', field: 'reason' },
    ]);
    expect((await a.get('/api/admin/scores/resets')).json).toEqual([]);
    const rank = await client(stack.url).get('/api/scores/rank?playerName=Ann%00');
    expect([rank.status, rank.json]).toEqual([
      400,
      { message: 'playerName must not contain control characters', field: 'playerName' },
    ]);
  });
});

describe('a malformed %-escape in the path', () => {
  const refused = { message: 'The path has a malformed %-escape', field: 'path' };

  it('is 400 for a static asset and a page path', async () => {
    for (const path of ['/assets/%E0%A4%A.js', '/assets/%ZZ', '/%E0%A4%A', '/leaderboards/%']) {
      const res = await client(stack.url).get(path);
      expect([path, res.status, res.json]).toEqual([path, 400, refused]);
    }
    // Well-formed escapes still decode.
    expect((await client(stack.url).get('/assets/app%2Dabc123.js')).status).toBe(200);
  });

  it('is 400 for API paths with parameters, whoever asks', async () => {
    const a = await admin();
    const calls = [
      () => a.delete('/api/admin/banned-players/%E0%A4%A'),
      () => a.get('/api/admin/player-sessions/player/%ZZ'),
      () => client(stack.url).patch('/api/player-sessions/%ZZ', {}),
      () => client(stack.url).post('/api/player-sessions/%ZZ/end'),
      () => client(stack.url).get('/api/weekly-leaderboards/%E0%A4%A/top-scores'),
    ];
    for (const call of calls) {
      const res = await call();
      expect([res.status, res.json]).toEqual([400, refused]);
    }
    // A well-formed escape reaches the route.
    const unban = await a.delete('/api/admin/banned-players/Ann%20Lee');
    expect([unban.status, unban.json]).toEqual([
      404,
      { message: 'That player name is not banned' },
    ]);
  });
});

describe('the Content-Security-Policy', () => {
  it('lets pages connect to their own origin only, WebSocket included', async () => {
    const csp = (await client(stack.url).get('/')).headers.get('content-security-policy')!;
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/\bwss?:/);
  });
});
