import { perFile } from '@ballmatch/platform/testing';
// A signed-in player's own sessions (ListMySessions): theirs only, newest first, in pages.
import { newSession } from './fixtures';
import { startSessions } from './harness';

const svc = perFile(startSessions);

describe('ListMySessions', () => {
  it("answers the caller's sessions newest first, in pages, and nobody else's", async () => {
    const player = await svc.credentials.issue('user');
    const mine = svc.clientAs(player.authorization);
    const started = [];
    for (let i = 0; i < 3; i++) started.push((await mine.createSession(newSession())).id);
    await svc.client.createSession(newSession());
    const other = await svc.credentials.issue('user');
    await svc.clientAs(other.authorization).createSession(newSession());

    const all = await mine.listMySessions({ page: 0, limit: 0 });
    expect(all.data.map((s) => s.id)).toEqual([...started].reverse());
    expect(all.data.every((s) => s.userId === player.userId)).toBe(true);
    expect(all.pagination).toMatchObject({ currentPage: 1, total: 3, totalPages: 1 });

    const second = await mine.listMySessions({ page: 2, limit: 2 });
    expect(second.data.map((s) => s.id)).toEqual([started[0]]);
    expect(second.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
  });

  it('refuses a guest and a page out of bounds', async () => {
    await expect(svc.clientAs('').listMySessions({ page: 1, limit: 1 })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const player = await svc.credentials.issue('user');
    await expect(
      svc.clientAs(player.authorization).listMySessions({ page: 1, limit: 101 }),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', details: { field: 'limit' } });
  });
});
