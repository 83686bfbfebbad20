// Names belong to their owners: a registered player's username (or a look-alike of it) goes on
// the boards only from that player's account; protected names from nobody; weekly rows and
// bans attach to the player (the account, or the guest player a name and its look-alikes stand
// for), not to a spelling.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  createGrpcClient,
  migrateLatest,
  playerNameKeys,
  playerNameSkeleton,
} from '@ballmatch/platform';
import {
  createTestDatabase,
  eventually,
  migrationsUpTo,
  onTestDatabase,
  perFile,
  testNatsPrefix,
  testRedisPrefix,
} from '@ballmatch/platform/testing';
import { newEvent, scoresV1 } from '@ballmatch/proto';
import { claimName, parsePlayerName, type NameLookup } from '../src/domain/player-name';
import { start, type RunningScores } from '../src';
import { migrations } from '../src/migrations';
import { createAccountNameStore } from '../src/store/account-names';
import { createScoreStore } from '../src/store/scores';
import { startHarness, type Game, type SignedUp } from './harness';

const opened: { close(): void }[] = [];
afterAll(() => opened.forEach((c) => c.close()));
const h = perFile(startHarness);
afterEach(() => h.clock.real());

let accounts = 0;
/**
 * A registered player and a scores client signed in as them, once scores has heard of the
 * name (auth's user.named, applied in milliseconds; `known: false` does not wait for it).
 */
async function player(username: string, { known = true } = {}) {
  accounts += 1;
  const signedUp = await h.signUp(username);
  if (known) await nameKnown(signedUp.id, username);
  return signedUp;
}

/** Submits the game as this signed-in player, with the game's own session credential. */
const submitAs = (who: SignedUp, game: Game) =>
  who.client.submitScore(h.submission(game), { sessionCredential: game.credential });

/** Scores' table of names holds this account's username (its user.named was applied). */
async function nameKnown(userId: string, username: string) {
  await eventually(
    async () =>
      expect(await h.db('account_names').where({ user_id: userId }).first()).toMatchObject({
        username,
      }),
    { timeoutMs: 10_000 },
  );
}

const OWNED_FOR_GUEST =
  'That player name belongs to a registered player; sign in to use it, or choose another';
const OWNED_BY_ANOTHER = 'That player name belongs to another player; choose another';
const RESERVED = 'That player name is reserved; choose another';

async function weekRows() {
  const week = (await h.client.activeWeek({})).week!;
  return (await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows;
}

/** A guest's submission of a new game under this name: refused with this message. */
async function guestRefused(playerName: string, message: string) {
  const game = await h.newGame(playerName);
  await expect(h.submit(h.submission(game))).rejects.toMatchObject({
    code: 'PERMISSION_DENIED',
    message,
    details: { field: 'playerName' },
  });
}

async function guestAccepted(playerName: string) {
  const game = await h.newGame(playerName);
  expect(await h.submit(h.submission(game))).toMatchObject({ playerName });
}

describe('claimName', () => {
  /** Ann is owned, admin protected; the guest player of a free name is its first key's. */
  const owned: NameLookup = async (name, guestPlayer) => {
    const ownerUserId = name.name === 'Ann' ? 'u-ann' : null;
    const isProtected = name.name === 'admin';
    const free = guestPlayer && !ownerUserId && !isProtected;
    return { ownerUserId, protected: isProtected, guestKey: free ? `guest:${name.keys[0]}` : null };
  };
  const name = (raw: string) => parsePlayerName(raw);

  it('gives a signed-in player their account key, a guest the guest player of the name', async () => {
    await expect(claimName(owned, name('Ann'), 'u-ann')).resolves.toMatchObject({
      key: 'user:u-ann',
    });
    await expect(claimName(owned, name('Zed'), 'u-ann')).resolves.toMatchObject({
      key: 'user:u-ann',
    });
    const guest = await claimName(owned, name('ＺＥＤ'), '');
    expect(guest.key).toBe('guest:zed');
    expect(guest.name).toBe('ＺＥＤ');
    expect(guest.keys).toEqual(playerNameKeys('zed'));
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

  it('fails closed when the names cannot be read', async () => {
    const down: NameLookup = async () => {
      throw new AppError('UNAVAILABLE', 'Player names cannot be checked yet');
    };
    await expect(claimName(down, name('Zed'), '')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});

describe('submissions: names belong to their owners', () => {
  it("refuses a guest posting under a registered player's name or any look-alike of it", async () => {
    await player('Ann');
    for (const playerName of ['Ann', 'ann', 'ANN', 'Ａｎｎ', '𝐀𝐧𝐧' /* mathematical bold */]) {
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
    await expect(submitAs(other, stolen)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: OWNED_BY_ANOTHER,
    });
    const first = await h.newGame('Bea');
    const second = await h.newGame('BEA');
    const a = (await submitAs(bea, first)).score!;
    const b = (await submitAs(bea, second)).score!;
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
    'ADMlN', // a small l among capitals
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
    const spellings = ['Guesty', 'GUESTY', 'Ｇｕｅｓｔｙ', '𝐆𝐮𝐞𝐬𝐭𝐲' /* mathematical bold */];
    let total = 0;
    for (const playerName of spellings) {
      const game = await h.newGame(playerName);
      total += (await h.submit(h.submission(game))).score;
    }
    const rows = (await weekRows()).filter((r) => spellings.includes(r.playerName));
    expect(rows).toEqual([
      expect.objectContaining({ playerName: '𝐆𝐮𝐞𝐬𝐭𝐲', gamesPlayed: 4, totalScore: total }),
    ]);
    // A rank lookup by any spelling finds that row.
    const week = (await h.client.activeWeek({})).week!;
    const rank = await h.client.weeklyRank({ weekId: week.id, playerName: 'guesty', radius: 0 });
    expect(rank.entry!.row).toMatchObject({ playerName: '𝐆𝐮𝐞𝐬𝐭𝐲', gamesPlayed: 4 });
  });

  it("keeps a signed-in player's games apart from a guest's under the same unowned name", async () => {
    const signedIn = await player('Casey');
    const guestGame = await h.newGame('Nomad');
    const playerGame = await h.newGame('Nomad');
    await h.submit(h.submission(guestGame));
    await submitAs(signedIn, playerGame);
    const rows = (await weekRows()).filter((r) => r.playerName === 'Nomad');
    expect(rows.map((r) => r.gamesPlayed)).toEqual([1, 1]);
  });

  it('asks auth nothing: with auth stopped, owned names are still refused and free ones taken', async () => {
    await player('Kept');
    await h.stopAuth();
    try {
      await guestRefused('KEPT', OWNED_FOR_GUEST);
      await guestAccepted('Fresh');
    } finally {
      await h.restartAuth();
    }
  });
});

describe("who owns a name: scores' own table, from auth's user.named and user.deleted", () => {
  it('a name a guest played under, then registered, is refused to guests once its user.named arrived', async () => {
    await guestAccepted('Quill');
    await player('quill', { known: false });
    // The window: until user.named reaches scores (milliseconds), a guest may still post.
    await eventually(() => guestRefused('Quill', OWNED_FOR_GUEST), { timeoutMs: 10_000 });
    await guestRefused('QUILL', OWNED_FOR_GUEST);
  });

  it('a rename takes the new name from guests and frees the old one', async () => {
    const wren = await player('Wren');
    await guestRefused('Wren', OWNED_FOR_GUEST);
    await guestAccepted('Robin');
    await wren.account.updateProfile({ username: 'Robin' });
    await eventually(() => guestRefused('Robin', OWNED_FOR_GUEST), { timeoutMs: 10_000 });
    await guestAccepted('Wren');
    // The account itself posts under its new name.
    const game = await h.newGame('Robin');
    await expect(submitAs(wren, game)).resolves.toMatchObject({ score: { playerName: 'Robin' } });
  });

  it("a deleted account's name is free again once its user.deleted arrived", async () => {
    const gone = await player('Goner');
    await guestRefused('Goner', OWNED_FOR_GUEST);
    await gone.account.deleteAccount({
      confirmUsername: 'Goner',
      currentPassword: 'correct horse battery',
      removeScores: false,
    });
    await eventually(() => guestAccepted('GONER'), { timeoutMs: 10_000 });
  });

  it('applies the events in any order: the latest name of an account stays, a deleted one stays gone', async () => {
    const userId = randomUUID();
    const named = (username: string, nameVersion: number, user = userId) =>
      h.bus.publish(
        'user.named',
        newEvent('userNamed', {
          userId: user,
          username,
          previousUsername: '',
          nameVersion,
          registeredAt: new Date().toISOString(),
        }).payload,
      );
    const row = (user = userId) => h.db('account_names').where({ user_id: user }).first();
    /** Every user.named published so far has been applied (one consumer applies them in order). */
    async function applied() {
      const sentinel = randomUUID();
      named(`Sentinel ${sentinel.slice(0, 4)}`, 1, sentinel);
      await eventually(async () => expect(await row(sentinel)).toBeDefined(), {
        timeoutMs: 10_000,
      });
    }
    // The rename is heard before the registration: the registration's older name is ignored.
    named('Second', 2);
    named('First', 1);
    await applied();
    expect(await row()).toMatchObject({ username: 'Second', name_version: 2 });
    await guestRefused('Second', OWNED_FOR_GUEST);
    await guestAccepted('First');
    // Deleted, then a late name: it stays deleted.
    h.bus.publish(
      'user.deleted',
      newEvent('userDeleted', { userId, username: 'Second', removeScores: false }).payload,
    );
    await eventually(async () => expect((await row())!.deleted_at).not.toBeNull(), {
      timeoutMs: 10_000,
    });
    named('Revenant', 3);
    await applied();
    expect(await row()).toMatchObject({ username: '', name_keys: [] });
    await guestAccepted('Second');
    await guestAccepted('Revenant');
  });

  it('is filled once from auth when new; until then no name is taken (503)', async () => {
    await player('Filled');
    const database = await createTestDatabase('scores');
    const env = {
      ...h.env,
      DATABASE_URL: database.url,
      GRPC_PORT: '0',
      NATS_SUBJECT_PREFIX: testNatsPrefix(),
      REDIS_KEY_PREFIX: testRedisPrefix(),
    };
    await h.stopAuth();
    let fresh: RunningScores | undefined;
    try {
      fresh = await start(env, { now: h.clock.now, nameFillRetryMs: 50 });
      const client = createGrpcClient(
        scoresV1.ScoreServiceClient,
        scoresV1.ScoreServiceService,
        `127.0.0.1:${fresh.port}`,
        { serviceLabel: 'scores', defaultTimeoutMs: 10_000 },
      );
      opened.push(client);
      const game = await h.newGame('Filled');
      const free = await h.newGame('Unclaimed');
      await expect(client.submitScore(h.submission(free))).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      await h.restartAuth();
      // Filled in the background once auth answers: the registered name is now refused.
      await eventually(() => client.submitScore(h.submission(free)), { timeoutMs: 10_000 });
      await expect(client.submitScore(h.submission(game))).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
        message: OWNED_FOR_GUEST,
      });
    } finally {
      await h.restartAuth();
      await fresh?.stop({ deleteStreams: true });
      await database.drop();
    }
  });
});

describe('bans attach to the player', () => {
  it('banning a guest name bans its look-alikes too, and unbanning lifts them', async () => {
    const first = await h.newGame('Spammer');
    await h.submit(h.submission(first));
    await h.admin.banPlayer({ playerName: 'SPAMMER', reason: 'Spam' });
    for (const playerName of ['Spammer', 'Ｓｐａｍｍｅｒ', 'Sparnrner' /* rn for m */]) {
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
    const a = (await submitAs(dana, asDana)).score!;
    const b = (await submitAs(dana, asAlias)).score!;
    await h.admin.banPlayer({ playerName: 'dana', reason: 'Cheating' });
    const top = (await h.client.topScores({ limit: 100 })).scores.map((s) => s.id);
    expect(top).not.toContain(a.id);
    expect(top).not.toContain(b.id);
    const later = await h.newGame('Someone Else');
    await expect(submitAs(dana, later)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    // A guest still cannot take the name; other players are untouched.
    const other = await player('Eve');
    const fine = await h.newGame('Eve');
    await expect(submitAs(other, fine)).resolves.toBeDefined();
    await h.admin.unbanPlayer({ playerName: 'Dana' });
    const back = (await h.client.topScores({ limit: 100 })).scores.map((s) => s.id);
    expect(back).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

// Issue 20: look-alikes made with capital I for small l (confusables.txt gives both one
// prototype), in whatever case a reader takes for the name, and names the engine now refuses.
describe('look-alikes in another case are the same name', () => {
  const BANNED = 'That player name is banned from the leaderboards';

  it("refuses a guest 'Iily', 'IiIy', 'L1LY' or 'LlLY' when 'lily' is registered", async () => {
    await player('lily');
    for (const playerName of ['Iily', 'IiIy', 'L1LY', 'LlLY', 'ⅼily' /* small Roman fifty */]) {
      await guestRefused(playerName, OWNED_FOR_GUEST);
    }
  });

  it('tells apart names that fold alike but have other keys', async () => {
    await player('LLSE');
    // 'ilse' is nobody's (i is not l); 'Ilse' also reads as llse, LLSE's. Both fold to 'ilse'.
    await guestAccepted('ilse');
    await guestRefused('Ilse', OWNED_FOR_GUEST);
  });

  it("refuses a look-alike of a banned guest name ('IoIa' for 'Lola')", async () => {
    await guestAccepted('Lola');
    await h.admin.banPlayer({ playerName: 'Lola', reason: 'Spam' });
    for (const playerName of ['IoIa', 'LOLA', 'L0LA', 'ⅬoⅬa' /* Roman fifty */]) {
      await guestRefused(playerName, BANNED);
    }
    await h.admin.unbanPlayer({ playerName: 'IoIa' });
    await guestAccepted('IoIa');
  });

  it('refuses a name like two guest players when one of them is banned', async () => {
    // 'IiIo' is 'iiio' in its own case and looks like 'lilo': two guests, the second banned.
    await guestAccepted('iiio');
    await guestAccepted('lilo');
    await h.admin.banPlayer({ playerName: 'lilo', reason: 'Spam' });
    await guestRefused('IiIo', BANNED);
    await guestAccepted('iiio');
  });

  it('makes one guest player of look-alikes arriving together (a submission and a ban alike)', async () => {
    const scores = createScoreStore(h.db);
    const accounts = createAccountNameStore(h.db);
    // Pairs share a key ('lina x'), and some have keys of their own ('iina x', 'llna x'): each
    // round, the first name to commit makes the player and every other one finds it.
    for (let round = 0; round < 20; round += 1) {
      const tag = `Bo ${String.fromCharCode(97 + (round % 26))}${'q'.repeat(round)}`;
      const spellings = ['Iina', 'LlNA', 'lina', 'Lina', 'Iina', 'LlNA'].map((n) => `${n} ${tag}`);
      const players = await Promise.all(
        spellings.map(async (name, i) => {
          const keys = playerNameKeys(name);
          // A submission's one statement (its owner and guest player), or a ban's look-up.
          return i % 2 ? (await accounts.holdersOf(keys, true)).guestKey : scores.guestKeyOf(keys);
        }),
      );
      expect(new Set(players).size).toBe(1);
      const keys = spellings.flatMap(playerNameKeys);
      const held = await h.db('guest_names').whereIn('name_key', keys).distinct('player_key');
      expect(held).toEqual([{ player_key: players[0] }]);
    }
  });

  it('makes one player of look-alike guests submitting at once: one weekly row of all their games', async () => {
    const spellings = ['Iina Zu', 'LlNA Zu', 'lina zu', 'Lina Zu', 'Iina Zu', 'LlNA Zu'];
    const games = [];
    for (const playerName of spellings) games.push(await h.newGame(playerName));
    // Each names a new guest in the statement that stores its score (store/scores.ts).
    const answers = await Promise.all(games.map((game) => h.submitScore(h.submission(game))));
    expect(answers.map((a) => a.reviewState)).toEqual(spellings.map(() => 'accepted'));
    const players = await h
      .db('scores')
      .whereIn(
        'session_id',
        games.map((g) => g.sessionId),
      )
      .distinct('player_key');
    expect(players).toHaveLength(1);
    const rows = (await weekRows()).filter((r) => spellings.includes(r.playerName));
    expect(rows).toEqual([
      expect.objectContaining({
        gamesPlayed: 6,
        totalScore: answers.reduce((sum, a) => sum + a.score!.score, 0),
      }),
    ]);
  });

  it("keeps one weekly row for 'Lina', 'Iina' and 'LlNA', found by any of them", async () => {
    const spellings = ['Lina', 'Iina', 'LlNA'];
    let total = 0;
    for (const playerName of spellings) {
      total += (await h.submit(h.submission(await h.newGame(playerName)))).score;
    }
    const rows = (await weekRows()).filter((r) => spellings.includes(r.playerName));
    expect(rows).toEqual([
      expect.objectContaining({ playerName: 'LlNA', gamesPlayed: 3, totalScore: total }),
    ]);
    const week = (await h.client.activeWeek({})).week!;
    for (const playerName of ['lina', 'Iina', 'LINA']) {
      const rank = await h.client.weeklyRank({ weekId: week.id, playerName, radius: 0 });
      expect(rank.entry!.row).toMatchObject({ playerName: 'LlNA', gamesPlayed: 3 });
      const allTime = await h.client.allTimeRank({ playerName, radius: 0 });
      expect(spellings).toContain(allTime.entry!.score!.playerName);
    }
  });

  it('bans and unbans by name a name stored before the script rule', async () => {
    const legacy = 'Sраmmer'; // Cyrillic р and а: refused to new games, still on older rows
    await h.admin.banPlayer({ playerName: legacy, reason: 'Spam' });
    expect((await h.admin.listBannedPlayers({})).players.map((b) => b.playerName)).toContain(
      legacy,
    );
    await h.admin.unbanPlayer({ playerName: legacy });
  });

  it.each([
    [
      'Аnn',
      'Player name must be written in one script (Latin may be mixed only with Chinese, Japanese or Korean)',
    ],
    [
      'li\u0307ly',
      'Player name must not contain extra accent marks (repeated, stacked or hidden ones)',
    ],
  ])('refuses %j with a 400 saying why', async (playerName, message) => {
    const game = await h.newGame('Someone');
    await expect(h.submit(h.submission(game, { playerName }))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
      details: { field: 'playerName' },
    });
  });
});

/** The `seq`th score of a test week as an older schema held it, with these columns too. */
function storedScore(
  seq: number,
  weekId: string,
  name: string,
  points: number,
  columns: Record<string, unknown>,
) {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    session_id: `s${seq}`,
    player_name: name,
    score: points,
    level: seq,
    moves: 1,
    created_at: new Date(Date.UTC(2030, 0, 8, 0, seq)),
    week_id: weekId,
    ...columns,
  };
}

/** The scores migrations up to and including `last`. */
const upTo = (last: string) => migrationsUpTo(migrations, last);

describe('migration 003: player keys for existing data', () => {
  it('keys scores by account or guest skeleton, recomputes weekly rows, carries bans over', async () => {
    await onTestDatabase('scores', async (db) => {
      await migrateLatest(db, 'scores', { '001_scores': migrations['001_scores']! });
      const [week] = await db('weekly_leaderboards')
        .insert({ starts_at: '2030-01-07T00:00:00Z', ends_at: '2030-01-14T00:00:00Z', name: 'W' })
        .returning('id');
      const weekId = (week as { id: string }).id;
      let seq = 0;
      const score = (name: string, points: number, userId: string | null, voided = false) => {
        seq += 1;
        return storedScore(seq, weekId, name, points, {
          player_key: name.toLowerCase(), // the old key
          user_id: userId,
          voided_at: voided ? new Date() : null,
        });
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

      await migrateLatest(db, 'scores', upTo('004_outbox_headers'));

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
    });
  });
});

describe('migration 005: every key of every name', () => {
  it('makes look-alike guests one player, recounts their weeks, keeps every ban', async () => {
    await onTestDatabase('scores', async (db) => {
      await migrateLatest(db, 'scores', upTo('004_outbox_headers'));
      const [week] = await db('weekly_leaderboards')
        .insert({ starts_at: '2030-01-07T00:00:00Z', ends_at: '2030-01-14T00:00:00Z', name: 'W' })
        .returning('id');
      const weekId = (week as { id: string }).id;
      // As 003 keyed them: one key per name, case folded first ('IiIy' was 'iiiy').
      const oldKey = (name: string, userId: string | null) =>
        userId ? `user:${userId}` : `guest:${name.toLowerCase()}`;
      let seq = 0;
      const score = (
        name: string,
        points: number,
        userId: string | null,
        more: Record<string, unknown> = {},
      ) => {
        seq += 1;
        return storedScore(seq, weekId, name, points, {
          player_key: oldKey(name, userId),
          name_skeleton: name.toLowerCase(),
          user_id: userId,
          ...more,
        });
      };
      await db('scores').insert([
        score('lily', 10, null),
        score('IiIy', 20, null), // looks like lily: the same guest now
        score('iiiy', 5, null), // IiIy in its own case, but not like lily: a guest of its own
        score('lily', 1000, null, { review_state: 'held' }), // not on the boards
        score('lily', 500, null, { voided_at: new Date() }), // nor this
        score('Iily', 7, 'u1'), // signed in: the account's, whatever the name
      ]);
      const row = (key: string, name: string, total: number, games: number) => ({
        week_id: weekId,
        player_key: key,
        player_name: name,
        name_skeleton: name.toLowerCase(),
        total_score: total,
        games_played: games,
        highest_level: 1,
      });
      await db('weekly_scores').insert([
        row('guest:lily', 'lily', 10, 1),
        row('guest:iiiy', 'iiiy', 25, 2),
        row('user:u1', 'Iily', 7, 1),
      ]);
      // Banned as 'IiIy': the old key covered IiIy and iiiy.
      await db('banned_players').insert({
        player_key: 'guest:iiiy',
        player_name: 'IiIy',
        reason: 'r',
        banned_by: 'admin',
        created_at: new Date(Date.UTC(2030, 0, 9)),
      });

      await migrateLatest(db, 'scores', migrations);

      expect(await db('scores').orderBy('seq').select('player_key', 'name_keys')).toEqual(
        [
          ['guest:lily', 'lily'],
          ['guest:lily', 'IiIy'],
          ['guest:iiiy', 'iiiy'],
          ['guest:lily', 'lily'],
          ['guest:lily', 'lily'],
          ['user:u1', 'Iily'],
        ].map(([key, name]) => ({ player_key: key, name_keys: playerNameKeys(name!) })),
      );
      const rows = await db('weekly_scores')
        .select('player_key', 'player_name', 'name_keys', 'total_score', 'games_played')
        .orderBy('player_key');
      expect(rows).toEqual(
        [
          ['guest:iiiy', 'iiiy', 5, 1],
          ['guest:lily', 'IiIy', 30, 2],
          ['user:u1', 'Iily', 7, 1],
        ].map(([key, name, total, games]) => ({
          player_key: key,
          player_name: name,
          name_keys: playerNameKeys(name as string),
          total_score: String(total),
          games_played: games,
        })),
      );
      // Nothing banned before shows now: the ban holds both players its old key covered.
      expect(await db('banned_players').orderBy('player_key').pluck('player_key')).toEqual([
        'guest:iiiy',
        'guest:lily',
      ]);
      expect(await db('guest_names').orderBy('name_key').select('name_key', 'player_key')).toEqual([
        { name_key: 'iiiy', player_key: 'guest:iiiy' },
        { name_key: 'iily', player_key: 'guest:lily' },
        { name_key: 'lily', player_key: 'guest:lily' },
      ]);
      expect(await db.schema.hasColumn('scores', 'name_skeleton')).toBe(false);
    });
  });
});
