// Names belong to their owners: a registered player's username (or a look-alike of it) goes on
// the boards only from that player's account; protected names from nobody; weekly rows and
// bans attach to the player (the account, or a guest name's skeleton), not to a spelling.
import {
  AppError,
  bearer,
  createGrpcClient,
  createKnex,
  migrateLatest,
  playerNameSkeleton,
  type AsyncClient,
} from '@ballmatch/platform';
import { createTestDatabase, eventually } from '@ballmatch/platform/testing';
import { authV1, scoresV1 } from '@ballmatch/proto';
import { claimName, parsePlayerName, type NameLookup } from '../src/domain/player-name';
import { migrations } from '../src/migrations';
import { startHarness, type ScoresHarness } from './harness';

let h: ScoresHarness;
const opened: { close(): void }[] = [];
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  opened.forEach((c) => c.close());
  await h.close();
});
afterEach(() => h.clock.real());

let accounts = 0;
/** A registered player and a scores client signed in as them. */
async function player(username: string) {
  accounts += 1;
  const { user, token } = await h.auth.register({
    username,
    email: `names${accounts}@example.com`,
    password: 'correct horse battery',
    evmWallet: '',
  });
  const client: AsyncClient<scoresV1.ScoreServiceClient> = createGrpcClient(
    scoresV1.ScoreServiceClient,
    scoresV1.ScoreServiceService,
    `127.0.0.1:${h.env.GRPC_PORT}`,
    { serviceLabel: 'scores', defaultTimeoutMs: 10_000, authorization: bearer(token) },
  );
  opened.push(client);
  return { id: user!.id, client, token };
}

const OWNED_FOR_GUEST =
  'That player name belongs to a registered player; sign in to use it, or choose another';
const OWNED_BY_ANOTHER = 'That player name belongs to another player; choose another';
const RESERVED = 'That player name is reserved; choose another';

async function weekRows() {
  const week = (await h.client.activeWeek({})).week!;
  return (await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows;
}

describe('claimName', () => {
  const owned: NameLookup = async (name) => ({
    ownerUserId: name === 'Ann' ? 'u-ann' : null,
    protected: name === 'admin',
  });
  const name = (raw: string) => parsePlayerName(raw);

  it('gives a signed-in player their account key, a guest the skeleton of the name', async () => {
    await expect(claimName(owned, name('Ann'), 'u-ann')).resolves.toMatchObject({
      key: 'user:u-ann',
    });
    await expect(claimName(owned, name('Zed'), 'u-ann')).resolves.toMatchObject({
      key: 'user:u-ann',
    });
    const guest = await claimName(owned, name('ＺＥＤ'), '');
    expect(guest.key).toBe(`guest:${name('zed').skeleton}`);
    expect(guest.name).toBe('ＺＥＤ');
  });

  it('refuses a guest or another account on an owned name, anyone on a protected one', async () => {
    await expect(claimName(owned, name('Ann'), '')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: OWNED_FOR_GUEST,
      details: { field: 'playerName' },
    });
    await expect(claimName(owned, name('Ann'), 'u-bob')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: OWNED_BY_ANOTHER,
    });
    await expect(claimName(owned, name('admin'), 'u-ann')).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: RESERVED,
    });
  });

  it('fails closed when auth cannot answer', async () => {
    const down: NameLookup = async () => {
      throw new AppError('UNAVAILABLE', 'auth is unavailable');
    };
    await expect(claimName(down, name('Zed'), '')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});

describe('submissions: names belong to their owners', () => {
  it("refuses a guest posting under a registered player's name or any look-alike of it", async () => {
    await player('Ann');
    for (const playerName of ['Ann', 'ann', 'ANN', 'Ａｎｎ', 'Аnn' /* Cyrillic А */]) {
      const game = await h.newGame(playerName);
      await expect(h.submit(h.submission(game))).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
        message: OWNED_FOR_GUEST,
        details: { field: 'playerName' },
      });
    }
    expect(
      (await h.client.topScores({ limit: 100 })).scores.map((s) => s.playerName),
    ).not.toContain('Ann');
  });

  it('refuses another account the name, and lets its owner post under any spelling', async () => {
    const bea = await player('Bea');
    const other = await player('Otto');
    const stolen = await h.newGame('bea');
    await expect(
      other.client.submitScore(h.submission(stolen), { sessionCredential: stolen.credential }),
    ).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: OWNED_BY_ANOTHER,
    });
    const first = await h.newGame('Bea');
    const second = await h.newGame('BEA');
    const a = (
      await bea.client.submitScore(h.submission(first), { sessionCredential: first.credential })
    ).score!;
    const b = (
      await bea.client.submitScore(h.submission(second), { sessionCredential: second.credential })
    ).score!;
    expect([a.playerName, b.playerName]).toEqual(['Bea', 'BEA']);
    // One weekly row for the player, showing the latest spelling.
    const rows = (await weekRows()).filter((r) => r.playerName.toLowerCase() === 'bea');
    expect(rows).toEqual([
      expect.objectContaining({
        playerName: 'BEA',
        gamesPlayed: 2,
        totalScore: first.score + second.score,
      }),
    ]);
    // The all-time board keeps one entry per score.
    const top = (await h.client.topScores({ limit: 100 })).scores.map((s) => s.id);
    expect(top).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it.each([
    'admin',
    'Administrator',
    'MOD',
    'moderator',
    'system',
    'BallMatch',
    'Ball Match',
    'Аdmin',
  ])('refuses the protected name %j to guests and players alike', async (playerName) => {
    const game = await h.newGame('Someone');
    await expect(h.submit(h.submission(game, { playerName }))).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: RESERVED,
      details: { field: 'playerName' },
    });
    const signedIn = await player(`prot_${accounts + 1}`);
    await expect(
      signedIn.client.submitScore(h.submission(game, { playerName }), {
        sessionCredential: game.credential,
      }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED', message: RESERVED });
  });

  it('keeps one weekly row for a guest name and its look-alikes, showing the latest spelling', async () => {
    const spellings = ['Guesty', 'GUESTY', 'Ｇｕｅｓｔｙ', 'Guеsty' /* Cyrillic е */];
    let total = 0;
    for (const playerName of spellings) {
      const game = await h.newGame(playerName);
      total += (await h.submit(h.submission(game))).score;
    }
    const rows = (await weekRows()).filter((r) => spellings.includes(r.playerName));
    expect(rows).toEqual([
      expect.objectContaining({ playerName: 'Guеsty', gamesPlayed: 4, totalScore: total }),
    ]);
    // A rank lookup by any spelling finds that row.
    const week = (await h.client.activeWeek({})).week!;
    const rank = await h.client.weeklyRank({ weekId: week.id, playerName: 'guesty', radius: 0 });
    expect(rank.entry!.row).toMatchObject({ playerName: 'Guеsty', gamesPlayed: 4 });
  });

  it("keeps a signed-in player's games apart from a guest's under the same unowned name", async () => {
    const signedIn = await player('Casey');
    const guestGame = await h.newGame('Nomad');
    const playerGame = await h.newGame('Nomad');
    await h.submit(h.submission(guestGame));
    await signedIn.client.submitScore(h.submission(playerGame), {
      sessionCredential: playerGame.credential,
    });
    const rows = (await weekRows()).filter((r) => r.playerName === 'Nomad');
    expect(rows.map((r) => r.gamesPlayed)).toEqual([1, 1]);
  });

  it('answers 503 and stores nothing when auth cannot say who owns the name', async () => {
    const game = await h.newGame('Offline');
    await h.stopAuth();
    try {
      // Fails closed: UNAVAILABLE (503 at the gateway), never a pass.
      await expect(h.submit(h.submission(game))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await h.restartAuth();
    }
    expect(
      (await h.client.topScores({ limit: 100 })).scores.map((s) => s.playerName),
    ).not.toContain('Offline');
    // Once auth is back (and the channel to it has reconnected), the same game goes through.
    const stored = await eventually(() => h.submit(h.submission(game)), { timeoutMs: 10_000 });
    expect(stored).toMatchObject({ playerName: 'Offline' });
  });
});

describe("who owns a name: remembered by scores, forgotten when it changes hands (auth's user.named)", () => {
  /** A guest's submission of a new game under this name: refused with this message. */
  const guestRefused = async (playerName: string, message: string) => {
    const game = await h.newGame(playerName);
    await expect(h.submit(h.submission(game))).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message,
    });
  };
  const guestAccepted = async (playerName: string) => {
    const game = await h.newGame(playerName);
    expect(await h.submit(h.submission(game))).toMatchObject({ playerName });
  };

  it("asks auth once for a name: the next game under it (or a look-alike) is not auth's call", async () => {
    await guestAccepted('Kept');
    const fresh = await h.newGame('Fresh');
    const again = await h.newGame('KEPT');
    await h.stopAuth();
    try {
      expect(await h.submit(h.submission(again))).toMatchObject({ playerName: 'KEPT' });
      // A name not asked yet still fails closed.
      await expect(h.submit(h.submission(fresh))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await h.restartAuth();
    }
    // Once the channel to auth has reconnected, the name not asked yet goes through.
    await eventually(() => h.submit(h.submission(fresh)), { timeoutMs: 10_000 });
  });

  it('a name a guest played under, then registered, is refused to guests once auth says so', async () => {
    await guestAccepted('Quill'); // remembered: nobody owns it
    await player('quill');
    // The window: until user.named reaches scores (milliseconds), the remembered answer stands.
    await eventually(() => guestRefused('Quill', OWNED_FOR_GUEST), { timeoutMs: 10_000 });
    await guestRefused('QUILL', OWNED_FOR_GUEST);
  });

  it('a rename takes the new name from guests and frees the old one', async () => {
    const wren = await player('Wren');
    await guestRefused('Wren', OWNED_FOR_GUEST); // remembered: Wren's
    await guestAccepted('Robin'); // remembered: nobody's
    const account = createGrpcClient(
      authV1.AccountServiceClient,
      authV1.AccountServiceService,
      h.env.AUTH_ADDR!,
      { serviceLabel: 'auth', defaultTimeoutMs: 10_000, authorization: bearer(wren.token) },
    );
    opened.push(account);
    await account.updateProfile({ username: 'Robin' });
    await eventually(() => guestRefused('Robin', OWNED_FOR_GUEST), { timeoutMs: 10_000 });
    await guestAccepted('Wren');
    // The account itself posts under its new name.
    const game = await h.newGame('Robin');
    await expect(
      wren.client.submitScore(h.submission(game), { sessionCredential: game.credential }),
    ).resolves.toMatchObject({ score: { playerName: 'Robin' } });
  });
});

describe('bans attach to the player', () => {
  it('banning a guest name bans its look-alikes too, and unbanning lifts them', async () => {
    const first = await h.newGame('Spammer');
    await h.submit(h.submission(first));
    await h.admin.banPlayer({ playerName: 'SPAMMER', reason: 'Spam' });
    for (const playerName of ['Spammer', 'Ｓｐａｍｍｅｒ', 'Sраmmer' /* Cyrillic р, а */]) {
      const game = await h.newGame(playerName);
      await expect(h.submit(h.submission(game))).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
        message: 'That player name is banned from the leaderboards',
      });
    }
    expect((await weekRows()).map((r) => r.playerName)).not.toContain('Spammer');
    await h.admin.unbanPlayer({ playerName: 'spammer' });
    expect((await weekRows()).map((r) => r.playerName)).toContain('Spammer');
  });

  it("banning a registered player's name bans the account, whatever name it plays under", async () => {
    const dana = await player('Dana');
    const asDana = await h.newGame('Dana');
    const asAlias = await h.newGame('DanaAlias');
    const a = (
      await dana.client.submitScore(h.submission(asDana), { sessionCredential: asDana.credential })
    ).score!;
    const b = (
      await dana.client.submitScore(h.submission(asAlias), {
        sessionCredential: asAlias.credential,
      })
    ).score!;
    await h.admin.banPlayer({ playerName: 'dana', reason: 'Cheating' });
    const top = (await h.client.topScores({ limit: 100 })).scores.map((s) => s.id);
    expect(top).not.toContain(a.id);
    expect(top).not.toContain(b.id);
    const later = await h.newGame('Someone Else');
    await expect(
      dana.client.submitScore(h.submission(later), { sessionCredential: later.credential }),
    ).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    // A guest still cannot take the name; other players are untouched.
    const other = await player('Eve');
    const fine = await h.newGame('Eve');
    await expect(
      other.client.submitScore(h.submission(fine), { sessionCredential: fine.credential }),
    ).resolves.toBeDefined();
    await h.admin.unbanPlayer({ playerName: 'Dana' });
    const back = (await h.client.topScores({ limit: 100 })).scores.map((s) => s.id);
    expect(back).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

describe('migration 003: player keys for existing data', () => {
  it('keys scores by account or guest skeleton, recomputes weekly rows, carries bans over', async () => {
    const database = await createTestDatabase('scores');
    const db = createKnex({ url: database.url, schema: 'scores' });
    try {
      await migrateLatest(db, 'scores', { '001_scores': migrations['001_scores']! });
      const [week] = await db('weekly_leaderboards')
        .insert({ starts_at: '2030-01-07T00:00:00Z', ends_at: '2030-01-14T00:00:00Z', name: 'W' })
        .returning('id');
      const weekId = (week as { id: string }).id;
      let seq = 0;
      const score = (name: string, points: number, userId: string | null, voided = false) => {
        seq += 1;
        return {
          id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
          session_id: `s${seq}`,
          player_name: name,
          player_key: name.toLowerCase(), // the old key
          score: points,
          level: seq,
          moves: 1,
          created_at: new Date(Date.UTC(2030, 0, 8, 0, seq)),
          week_id: weekId,
          user_id: userId,
          voided_at: voided ? new Date() : null,
        };
      };
      await db('scores').insert([
        score('Ann', 10, null),
        score('ANN', 20, null),
        score('Ann', 5, 'u1'), // Ann signed in: her account's row
        score('Annie', 7, 'u1'), // the same account under another name
        score('Cheat', 100, null),
        score('Cheat', 50, 'u2'), // an account that played under the banned name
        score('Gone', 9, null, true), // voided: no weekly row
      ]);
      await db('weekly_scores').insert({
        week_id: weekId,
        player_key: 'ann',
        player_name: 'Ann',
        total_score: 35,
        games_played: 3,
        highest_level: 3,
      });
      await db('banned_players').insert({
        player_key: 'cheat',
        player_name: 'Cheat',
        reason: 'r',
        banned_by: 'admin',
      });

      await migrateLatest(db, 'scores', migrations);

      const keys = await db('scores').orderBy('seq').pluck('player_key');
      const guest = (name: string) => `guest:${playerNameSkeleton(name)}`;
      expect(keys).toEqual([
        guest('Ann'),
        guest('Ann'),
        'user:u1',
        'user:u1',
        guest('Cheat'),
        'user:u2',
        guest('Gone'),
      ]);
      const rows = await db('weekly_scores')
        .select('player_key', 'player_name', 'name_skeleton', 'total_score', 'games_played')
        .orderBy('player_key');
      expect(rows).toEqual(
        [
          { player_key: guest('Ann'), player_name: 'ANN', total: 30, games: 2 },
          { player_key: guest('Cheat'), player_name: 'Cheat', total: 100, games: 1 },
          { player_key: 'user:u1', player_name: 'Annie', total: 12, games: 2 },
          { player_key: 'user:u2', player_name: 'Cheat', total: 50, games: 1 },
        ]
          .sort((x, y) => (x.player_key < y.player_key ? -1 : 1))
          .map((r) => ({
            player_key: r.player_key,
            player_name: r.player_name,
            name_skeleton: playerNameSkeleton(r.player_name),
            total_score: String(r.total),
            games_played: r.games,
          })),
      );
      const bans = await db('banned_players').orderBy('player_key').pluck('player_key');
      expect(bans).toEqual([guest('Cheat'), 'user:u2'].sort());
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
