// Backup and restore of PostgreSQL (docs/operations.md 'Back up and restore'): real games are
// played through the sessions service and submitted to the scores service; the database is
// dumped with scripts/pg-backup.mjs, restored into a new database with it, and scores started
// on the restored one, with Redis empty (its boards are a copy rebuilt from PostgreSQL), shows
// every board exactly as before: all-time, weekly and seasonal tops, ranks, the high-score
// check and the list of weeks. A game submitted after the dump is not on the restored boards.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, eventually, type TestDatabase } from '@ballmatch/platform/testing';
import { startHarness, type ScoresHarness } from './harness';
import { openSeason } from './seasons-support';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../../scripts/pg-backup.mjs');

let h: ScoresHarness;
let restored: TestDatabase | undefined;
let dir: string;
beforeAll(async () => {
  // No in-process memo: every read comes from Redis, or its rebuild from PostgreSQL.
  h = await startHarness({ TOP_CACHE_MS: '0' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-backup-'));
});
afterAll(async () => {
  await h?.close();
  await restored?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function backupScript(...args: string[]) {
  return (await run(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' })).stdout;
}

const PLAYERS = ['Ann', 'Bo', 'Cy', 'Di'];

/** Everything the boards show, as the service answers it. */
async function boards(seasonId: string) {
  const weeks = (await h.client.listWeeks({})).weeks;
  const weekly = [];
  for (const week of weeks)
    weekly.push((await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows);
  const ranks = [];
  for (const playerName of PLAYERS) {
    ranks.push(await h.client.allTimeRank({ playerName, radius: 3 }));
    ranks.push(await h.client.weeklyRank({ weekId: weeks[0]!.id, playerName, radius: 2 }));
  }
  return {
    weeks,
    weekly,
    ranks,
    allTime: (await h.client.topScores({ limit: 100 })).scores,
    top3: (await h.client.topScores({ limit: 3 })).scores,
    season: (await h.client.seasonTop({ seasonId, limit: 100 })).scores,
    high: await h.client.checkHighScore({ score: 5 }),
  };
}

test('a restore of a dump gives identical boards', async () => {
  const seasonId = (await openSeason(h, 'Backup season', '2050-03-07', '2050-04-01')).id; // a Monday
  // Two weeks of games, some players in both, short games tie on score.
  for (let i = 0; i < 10; i++) {
    const week = i < 6 ? '2050-03-08' : '2050-03-15';
    h.clock.set(new Date(Date.parse(`${week}T10:00:00.000Z`) + i * 60_000));
    const game = await h.newGame(PLAYERS[i % PLAYERS.length]!, { maxMoves: 1 + (i % 3) });
    await h.submit(h.submission(game));
  }
  const before = await boards(seasonId);
  expect(before.weeks.length).toBeGreaterThanOrEqual(2);
  expect(before.allTime).toHaveLength(10);
  expect(before.season).toHaveLength(10);

  const dump = path.join(dir, 'scores.dump');
  expect(await backupScript('backup', h.env.DATABASE_URL!, dump)).toMatch(/\d+ tables, \d+ bytes/);

  // After the dump: a game the restored boards must not have.
  h.clock.set('2050-03-16T12:00:00.000Z');
  await h.submit(h.submission(await h.newGame('Late')));
  expect((await boards(seasonId)).allTime).toHaveLength(11);

  restored = await createTestDatabase('scores_restored');
  expect(await backupScript('restore', dump, restored.url)).toContain('schemas scores');
  // A second restore over it is refused: it is no longer empty.
  await expect(backupScript('restore', dump, restored.url)).rejects.toThrow(/is not empty/);

  await h.stopScores();
  await h.flushRedis();
  await h.startScores({ DATABASE_URL: restored.url });
  // The clients lost their connection with the old process and reconnect on their own.
  await eventually(() => h.client.activeWeek({}), { timeoutMs: 10_000 });
  expect(await boards(seasonId)).toEqual(before);
});

test('a file that is not a dump is refused, and so is a URL that is not PostgreSQL', async () => {
  const junk = path.join(dir, 'junk.dump');
  fs.writeFileSync(junk, 'not a dump');
  const target = await createTestDatabase('scores_junk');
  try {
    await expect(backupScript('restore', junk, target.url)).rejects.toThrow(/pg_restore failed/);
    await expect(backupScript('backup', 'mysql://x/y', junk)).rejects.toThrow(/postgres:\/\//);
  } finally {
    await target.drop();
  }
});
