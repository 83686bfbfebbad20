import { bearer } from '@ballmatch/platform';
import { perFile } from '@ballmatch/platform/testing';
import { startHarness } from './harness';

const h = perFile(startHarness);
afterEach(() => h.clock.real());

const create = (name: string, startDate: string, endDate: string) =>
  h.admin.createSeason({ name, startDate, endDate }).then((r) => r.season!);

describe('seasons', () => {
  it('an admin creates, edits and ends a season; its boundaries are exact', async () => {
    h.clock.set('2032-01-01T00:00:00.000Z');
    const season = await create('Winter Cup', '2032-01-10T00:00:00Z', '2032-02-10T00:00:00Z');
    expect(season).toMatchObject({
      name: 'Winter Cup',
      isActive: false,
      startDate: '2032-01-10T00:00:00.000Z',
      endDate: '2032-02-10T00:00:00.000Z',
    });
    expect((await h.client.activeSeason({})).season).toBeUndefined();

    const renamed = (
      await h.admin.updateSeason({
        id: season.id,
        name: '  Winter Cup 2032 ',
        endDate: '2032-02-01',
      })
    ).season!;
    expect(renamed).toMatchObject({ name: 'Winter Cup 2032', endDate: '2032-02-01T00:00:00.000Z' });

    // Each game is played just before its submission (its signed result lasts 7 days).
    h.clock.set('2032-01-09T23:59:59.999Z');
    await h.submit(h.submission(await h.newGame('Early')));
    h.clock.set('2032-01-10T00:00:00.000Z');
    expect((await h.client.activeSeason({})).season).toMatchObject({
      id: season.id,
      isActive: true,
    });
    await h.submit(h.submission(await h.newGame('First'), { seasonId: season.id }));
    h.clock.set('2032-01-31T23:59:59.999Z');
    await h.submit(h.submission(await h.newGame('Last')));
    h.clock.set('2032-02-01T00:00:00.000Z');
    await h.submit(h.submission(await h.newGame('Late')));
    expect((await h.client.activeSeason({})).season).toBeUndefined();

    const top = await h.client.seasonTop({ seasonId: season.id, limit: 10 });
    expect(top.scores.map((s) => s.playerName).sort()).toEqual(['First', 'Last']);
    const rank = await h.client.seasonRank({ seasonId: season.id, playerName: 'last', radius: 5 });
    expect(rank.entry!.score!.playerName).toBe('Last');
    expect(rank.around).toHaveLength(2);
    await expect(
      h.client.seasonRank({ seasonId: season.id, playerName: 'Late', radius: 5 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('submitting to a season that is not running is refused (and stores nothing)', async () => {
    h.clock.set('2033-01-01T00:00:00.000Z');
    const season = await create('Later', '2033-02-01T00:00:00Z', '2033-03-01T00:00:00Z');
    const game = await h.newGame('Eager');
    await expect(h.submit(h.submission(game, { seasonId: season.id }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'Season "Later" is not running',
    });
    await expect(
      h.submit(h.submission(game, { seasonId: '00000000-0000-4000-8000-000000000000' })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Seasonal leaderboard not found' });
    expect(await h.db('scores').where({ session_id: game.sessionId })).toHaveLength(0);
  });

  it('ends a running season now; an ended season keeps its dates', async () => {
    h.clock.set('2034-01-01T00:00:00.000Z');
    const season = await create('Short', '2034-01-01T00:00:00Z', '2034-06-01T00:00:00Z');
    h.clock.set('2034-01-05T12:00:00.000Z');
    const ended = (await h.admin.endSeason({ id: season.id })).season!;
    expect(ended).toMatchObject({ isActive: false, endDate: '2034-01-05T12:00:00.000Z' });
    expect((await h.admin.endSeason({ id: season.id })).season!).toEqual(ended);
    await expect(
      h.admin.updateSeason({ id: season.id, endDate: '2034-07-01' }),
    ).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'An ended season keeps its dates',
    });
    const renamed = (
      await h.admin.updateSeason({
        id: season.id,
        name: 'Short but sweet',
      })
    ).season!;
    expect(renamed.name).toBe('Short but sweet');
    const { seasons } = await h.client.listSeasons({});
    expect(seasons[0]).toMatchObject({ id: season.id, name: 'Short but sweet' });
  });

  it.each([
    [{ name: '' }, 'Season name is required'],
    [{ name: 'x'.repeat(51) }, 'Season name must be at most 50 characters'],
    [{ startDate: 'tomorrow' }, 'startDate must be an ISO 8601 date, e.g. 2026-12-01T00:00:00Z'],
    [{ endDate: '2035-13-45' }, 'endDate must be an ISO 8601 date, e.g. 2026-12-01T00:00:00Z'],
    [{ endDate: '2035-02-30' }, 'endDate must be an ISO 8601 date, e.g. 2026-12-01T00:00:00Z'],
    [{ endDate: '2035-01-01T00:00:00Z' }, 'endDate must be after startDate'],
    [{ endDate: '2036-06-01T00:00:00Z' }, 'A season lasts at most 366 days'],
    [{ startDate: '2034-12-01T00:00:00Z' }, 'startDate cannot be in the past'],
  ])('validates %j', async (override, message) => {
    h.clock.set('2035-01-01T00:00:00.000Z');
    await expect(
      h.admin.createSeason({
        name: 'Valid',
        startDate: '2035-01-02T00:00:00Z',
        endDate: '2035-02-01T00:00:00Z',
        ...override,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message });
  });

  it('refuses overlapping seasons, even when two admins race', async () => {
    h.clock.set('2036-01-01T00:00:00.000Z');
    await create('Spring', '2036-03-01T00:00:00Z', '2036-06-01T00:00:00Z');
    await expect(
      create('Overlap', '2036-05-01T00:00:00Z', '2036-07-01T00:00:00Z'),
    ).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
      message: expect.stringContaining('The dates overlap season "Spring"'),
    });
    const raced = await Promise.allSettled([
      create('A', '2036-08-01T00:00:00Z', '2036-09-01T00:00:00Z'),
      create('B', '2036-08-15T00:00:00Z', '2036-09-15T00:00:00Z'),
    ]);
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // Back to back is fine: the end is exclusive.
    await expect(
      create('Summer', '2036-06-01T00:00:00Z', '2036-07-01T00:00:00Z'),
    ).resolves.toBeDefined();
  });

  it('only admins manage seasons, checked by this service itself', async () => {
    const input = { name: 'X', startDate: '2040-01-01', endDate: '2040-02-01' };
    await expect(h.adminClientAs().createSeason(input)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(h.adminClientAs('Bearer forged').createSeason(input)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(h.adminClientAs(bearer(h.playerToken)).createSeason(input)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Admin access required',
    });
    const audit = await h.admin.listAudit({ limit: 100 });
    expect(audit.entries.map((e) => e.action)).toContain('season.create');
  });
});
