import { bearer } from '@ballmatch/platform';
import { perFile } from '@ballmatch/platform/testing';
import { startHarness } from './harness';
import { openSeason } from './seasons-support';

const h = perFile(startHarness);
afterEach(() => h.clock.real());

const names = (list: { playerName: string }[]) => list.map((s) => s.playerName);

/** At `at`, a game played and submitted under `name`: its score and the week it counts in. */
async function scoredAt(at: string, name: string) {
  h.clock.set(at);
  const score = await h.submit(h.submission(await h.newGame(name)));
  return { score, week: (await h.client.activeWeek({})).week! };
}

describe('moderation', () => {
  it('a voided score disappears from every board, cache and archive view', async () => {
    const season = await openSeason(h, 'Void season', '2040-01-01', '2040-02-01');
    h.clock.set('2040-01-02T10:00:00.000Z');
    const cheat = await h.newGame('Cheater');
    const fair = await h.newGame('Cheater');
    const other = await h.newGame('Honest');
    const voided = await h.submit(h.submission(cheat));
    const kept = await h.submit(h.submission(fair));
    await h.submit(h.submission(other));
    const week = (await h.client.activeWeek({})).week!;
    // Warm every read (and its cache) first.
    expect((await h.client.topScores({ limit: 100 })).scores.map((s) => s.id)).toContain(voided.id);
    await h.client.weeklyTop({ weekId: week.id, limit: 100 });
    await h.client.seasonTop({ seasonId: season.id, limit: 100 });

    const result = await h.admin.voidScore({
      scoreId: voided.id,
      reason: 'Replayed an edited log',
    });
    expect(result).toMatchObject({ score: voided, reason: 'Replayed an edited log' });

    const check = async () => {
      const allTime = (await h.client.topScores({ limit: 100 })).scores.map((s) => s.id);
      expect(allTime).not.toContain(voided.id);
      expect(allTime).toContain(kept.id);
      const seasonal = (await h.client.seasonTop({ seasonId: season.id, limit: 100 })).scores;
      expect(seasonal.map((s) => s.id)).toEqual(expect.not.arrayContaining([voided.id]));
      const weekly = (await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows;
      expect(weekly.find((r) => r.playerName === 'Cheater')).toMatchObject({
        totalScore: fair.score,
        gamesPlayed: 1,
        highestLevel: fair.level,
      });
      const grand = weekly.reduce((sum, r) => sum + r.totalScore, 0);
      expect(grand).toBe(fair.score + other.score);
      const rank = await h.client.allTimeRank({ playerName: 'Cheater', radius: 3 });
      expect(rank.entry!.score!.id).toBe(kept.id);
    };
    await check();
    await h.flushRedis(); // the archive view, rebuilt from PostgreSQL, agrees
    await check();

    // Idempotent, and audited once.
    await h.admin.voidScore({ scoreId: voided.id, reason: 'again' });
    const audit = await h.admin.listAudit({ limit: 50 });
    expect(
      audit.entries.filter((e) => e.action === 'score.void' && e.target === voided.id),
    ).toEqual([expect.objectContaining({ reason: 'Replayed an edited log' })]);

    // The player's last game of the week voided: their weekly row goes too.
    await h.admin.voidScore({ scoreId: kept.id, reason: 'also' });
    const weekly = (await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows;
    expect(names(weekly)).not.toContain('Cheater');
    await expect(h.client.allTimeRank({ playerName: 'Cheater', radius: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a banned name leaves every board and cannot submit; unbanning brings it back', async () => {
    const { score, week } = await scoredAt('2041-03-05T10:00:00.000Z', 'Troll');
    expect(names((await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows)).toContain(
      'Troll',
    );

    await h.admin.banPlayer({
      playerName: ' TROLL ',
      reason: 'Offensive',
    });
    expect(names((await h.client.topScores({ limit: 100 })).scores)).not.toContain('Troll');
    expect(names((await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows)).not.toContain(
      'Troll',
    );
    const again = await h.newGame('troll');
    await expect(h.submit(h.submission(again))).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'That player name is banned from the leaderboards',
    });
    await h.flushRedis();
    expect(names((await h.client.topScores({ limit: 100 })).scores)).not.toContain('Troll');
    expect((await h.admin.listBannedPlayers({})).players).toEqual([
      expect.objectContaining({ playerName: 'TROLL', reason: 'Offensive' }),
    ]);

    await h.admin.unbanPlayer({ playerName: 'troll' });
    expect((await h.client.topScores({ limit: 100 })).scores.map((s) => s.id)).toContain(score.id);
    expect(names((await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows)).toContain(
      'Troll',
    );
    await expect(h.admin.unbanPlayer({ playerName: 'troll' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a reset empties the all-time board only, recoverably', async () => {
    const { score, week } = await scoredAt('2042-06-01T10:00:00.000Z', 'Before reset');
    const before = (await h.client.topScores({ limit: 100 })).scores;
    expect(before.length).toBeGreaterThan(0);

    const reset = (await h.admin.resetAllTime({ reason: 'New era' })).reset!;
    expect(reset).toMatchObject({
      reason: 'New era',
      scoresRemoved: before.length,
      restoredAt: '',
    });
    expect((await h.client.topScores({ limit: 100 })).scores).toEqual([]);
    expect(await h.client.checkHighScore({ score: 1 })).toEqual({ isHighScore: true });
    // Weekly boards are untouched.
    expect(names((await h.client.weeklyTop({ weekId: week.id, limit: 100 })).rows)).toContain(
      'Before reset',
    );
    // New scores go on the fresh board.
    const fresh = await h.submit(h.submission(await h.newGame('After reset')));
    expect((await h.client.topScores({ limit: 100 })).scores).toEqual([fresh]);

    const restored = (await h.admin.restoreReset({ resetId: reset.id })).reset!;
    expect(restored.restoredAt).not.toBe('');
    const after = (await h.client.topScores({ limit: 100 })).scores;
    expect(after.map((s) => s.id).sort()).toEqual([...before, fresh].map((s) => s.id).sort());
    expect(after.map((s) => s.id)).toContain(score.id);
    expect((await h.admin.listResets({})).resets[0]).toMatchObject({
      id: reset.id,
    });
    const actions = (await h.admin.listAudit({ limit: 10 })).entries.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['alltime.restore', 'alltime.reset']);
  });

  it('admin calls need an admin token', async () => {
    await expect(
      h.adminClientAs(bearer(h.playerToken)).voidScore({ scoreId: 'x', reason: 'x' }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(h.adminClientAs().resetAllTime({ reason: '' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(h.admin.voidScore({ scoreId: 'nope', reason: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Score not found',
    });
    await expect(
      h.admin.voidScore({
        scoreId: '00000000-0000-4000-8000-000000000000',
        reason: ' ',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: 'A reason is required' });
  });
});
