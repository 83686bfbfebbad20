// One rule for every `limit` (docs/api.md 'Paging and limits'): 0 is the default, 1..max is
// answered as asked, anything else is refused naming the field, never clamped, and before
// anything is looked up.
import { bearer, createGrpcClient, type AsyncClient } from '@ballmatch/platform';
import { scoresV1 } from '@ballmatch/proto';
import { startHarness, type ScoresHarness } from './harness';

let h: ScoresHarness;
let mine: AsyncClient<scoresV1.MyScoresServiceClient>;
beforeAll(async () => {
  h = await startHarness();
  const asPlayer = { serviceLabel: 'scores', authorization: bearer(h.playerToken) };
  const address = `127.0.0.1:${h.env.GRPC_PORT}`;
  const { MyScoresServiceClient, MyScoresServiceService } = scoresV1;
  mine = createGrpcClient(MyScoresServiceClient, MyScoresServiceService, address, asPlayer);
});
afterAll(async () => {
  mine.close();
  await h.close();
});

const refused = (field: string, max: number) => ({
  code: 'INVALID_ARGUMENT',
  message: `${field} must be a whole number from 1 to ${max}`,
  details: { field },
});

describe('limits past their bound are refused, not clamped', () => {
  it('the boards: limit 1..100, radius 1..25', async () => {
    const weekId = (await h.client.activeWeek({})).week!.id;
    const unknownId = '00000000-0000-4000-8000-000000000000';
    await expect(h.client.topScores({ limit: 101 })).rejects.toMatchObject(refused('limit', 100));
    await expect(h.client.weeklyTop({ weekId, limit: 101 })).rejects.toMatchObject(
      refused('limit', 100),
    );
    await expect(h.client.seasonTop({ seasonId: unknownId, limit: 101 })).rejects.toMatchObject(
      refused('limit', 100),
    );
    await expect(h.client.allTimeRank({ playerName: 'Nobody', radius: 26 })).rejects.toMatchObject(
      refused('radius', 25),
    );
    await expect(
      h.client.weeklyRank({ weekId, playerName: 'Nobody', radius: 26 }),
    ).rejects.toMatchObject(refused('radius', 25));
    // 100 and 0 (the default) are answered.
    await expect(h.client.topScores({ limit: 100 })).resolves.toBeDefined();
    await expect(h.client.topScores({ limit: 0 })).resolves.toBeDefined();
  });

  it("a player's own games: limit 1..100", async () => {
    await expect(mine.listMyScores({ limit: 101, offset: 0, page: 0 })).rejects.toMatchObject(
      refused('limit', 100),
    );
    await expect(mine.listMyScores({ limit: 100, offset: 0, page: 0 })).resolves.toMatchObject({
      total: 0,
    });
  });

  it("the admins' lists: held scores and the audit log, limit 1..100", async () => {
    await expect(h.admin.listHeldScores({ state: 'held', limit: 101 })).rejects.toMatchObject(
      refused('limit', 100),
    );
    await expect(h.admin.listAudit({ limit: 101 })).rejects.toMatchObject(refused('limit', 100));
    await expect(h.admin.listAudit({ limit: 100 })).resolves.toBeDefined();
  });

  it('the daily figures: days 1..366', async () => {
    await expect(h.admin.dailyStats({ days: 367 })).rejects.toMatchObject(refused('days', 366));
    await expect(h.admin.dailyStats({ days: 366 })).resolves.toBeDefined();
  });
});
