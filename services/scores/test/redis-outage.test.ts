// Scores submitted while Redis is down reach the Redis boards once it is back, with nobody doing
// anything: the fault suite's 'restart redis' found them missing for good (Redis came back from
// its append-only file with the boards' `built` markers still set). This suite runs a Redis of
// its own (append-only, as deployed) that it stops and starts; the shared one is never touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStore, type StoreHandle } from '@ballmatch/kit';
import { createRedis, type Redis } from '@ballmatch/platform';
import { eventually, freePorts } from '@ballmatch/platform/testing';
import { LEFT_BEHIND_MS } from '../src/domain/board-repairs';
import { ALL_TIME, boardKeys, type Board } from '../src/store/boards';
import { startHarness, type ScoresHarness } from './harness';
import { flagUntilHeld } from './flagging';
import { openSeason } from './seasons-support';

/**
 * A Redis of this suite's own, restartable on its data: append-only, as deployed. `stop()` is
 * SIGTERM: it writes its append-only file and exits, as a restart does.
 */
let redis: StoreHandle;
let dir: string;
let h: ScoresHarness;
/** This suite's Redis, read directly (not through the service, which may answer from PostgreSQL). */
let direct: Redis;
let seasonId = '';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-scores-redis-'));
  const [port] = await freePorts(1);
  redis = await startStore('redis', { dataDir: dir, port: port!, settings: { appendonly: 'yes' } });
  const url = `redis://127.0.0.1:${port}`;
  h = await startHarness({ REDIS_URL: url, TOP_CACHE_MS: '0' });
  direct = createRedis({ url, keyPrefix: h.env.REDIS_KEY_PREFIX! });
  direct.on('error', () => undefined);
  await direct.connect();
});
afterAll(async () => {
  direct?.disconnect();
  await h?.close();
  await redis?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Submitted {
  id: string;
  playerName: string;
}

const ON_EVERY_BOARD = { allTime: 'yes', week: 'yes', season: 'yes' };
const ON_NO_BOARD = { allTime: 'missing', week: 'missing', season: 'missing' };

/** Where the score is in Redis: each board built and holding it. */
async function inRedis(score: Submitted, weekId: string) {
  const has = async (board: Board) => {
    const k = boardKeys(board);
    if ((await direct.exists(k.built)) !== 1) return 'not built';
    if (board.kind === 'weekly') {
      const rows = await direct.hvals(k.rows);
      return rows.some((row) => row.endsWith(`|${score.playerName}`)) ? 'yes' : 'missing';
    }
    const members = await direct.zrange(k.z, 0, -1);
    return members.some((m) => m.includes(`|${score.id}|`)) ? 'yes' : 'missing';
  };
  return {
    allTime: await has(ALL_TIME),
    week: await has({ kind: 'weekly', id: weekId, expireAt: 0 }),
    season: await has({ kind: 'seasonal', id: seasonId, expireAt: 0 }),
  };
}

/** Reads every board once, so that one whose marker is missing is built. */
async function readBoards(weekId: string) {
  await h.client.topScores({ limit: 100 });
  await h.client.weeklyTop({ weekId, limit: 100 });
  await h.client.seasonTop({ seasonId, limit: 100 });
}

/** Where the score is once the boards had their time to settle as `expected` (or not). */
async function onceSettled(score: Submitted, weekId: string, expected = ON_EVERY_BOARD) {
  await eventually(
    async () => {
      await readBoards(weekId);
      expect(await inRedis(score, weekId)).toEqual(expected);
    },
    { timeoutMs: 20_000, intervalMs: 250 },
  ).catch(() => undefined);
  await readBoards(weekId);
  return inRedis(score, weekId);
}

async function play(name: string): Promise<Submitted & { sessionId: string }> {
  const game = await h.newGame(name, { maxMoves: 3 });
  const score = await h.submit(h.submission(game));
  return { id: score.id, playerName: score.playerName, sessionId: game.sessionId };
}

describe('Redis boards after Redis was down', () => {
  let weekId = '';

  beforeAll(async () => {
    seasonId = (await openSeason(h, 'Outage season', '2051-03-01', '2051-04-01')).id;
    h.clock.set('2051-03-07T10:00:00.000Z'); // a Tuesday
    weekId = (await h.client.activeWeek({})).week!.id;
    // The boards are built (their markers set) before Redis goes away.
    const before = await play('Before Outage');
    await readBoards(weekId);
    expect(await inRedis(before, weekId)).toEqual(ON_EVERY_BOARD);
  });

  it('a score submitted while Redis is down is on every board once it is back', async () => {
    await redis.stop();
    h.clock.advance(1000);
    const during = await play('During Outage');
    await redis.start();
    expect(await onceSettled(during, weekId)).toEqual(ON_EVERY_BOARD);
    // Writes that reached Redis leave nothing to repair (no rebuild for them).
    await eventually(
      async () => {
        const { rows } = await h.db.raw('SELECT count(*)::int AS n FROM board_writes');
        expect(rows[0].n).toBe(0);
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
  });

  it('a score held for review while Redis is down is off every board once it is back', async () => {
    h.clock.advance(1000);
    const flagged = await play('Flagged In Outage');
    await readBoards(weekId);
    expect(await inRedis(flagged, weekId)).toEqual(ON_EVERY_BOARD);
    await redis.stop();
    // An admin flags its session (sessions' own Redis is up): scores hears it and holds it.
    await flagUntilHeld(h, flagged.sessionId, flagged.id);
    await redis.start();
    expect(await onceSettled(flagged, weekId, ON_NO_BOARD)).toEqual(ON_NO_BOARD);
  });

  it('a process gone while Redis was down leaves its boards to the next one', async () => {
    await redis.stop();
    h.clock.advance(1000);
    const during = await play('Gone With Process');
    // This process ends without Redis (its memory of what failed goes with it); another starts.
    await h.stopScores();
    await redis.start();
    await h.startScores();
    // The row it left is older than any write still under way.
    h.clock.advance(LEFT_BEHIND_MS + 1);
    expect(await onceSettled(during, weekId)).toEqual(ON_EVERY_BOARD);
  });
});
