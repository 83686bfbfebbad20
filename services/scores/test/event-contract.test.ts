import { eventually, perFile } from '@ballmatch/platform/testing';
import { eventContractBreach } from '@ballmatch/proto';
import { startHarness } from './harness';
import { seasonNow } from './seasons-support';

// Issue 9: what this service publishes is the proto contract. Every producer path runs here
// (a score during a season, a void, a ban and unban, a reset and restore, a held score cleared,
// a late flag's hold), then every outbox row must be on a subject of the event table with a
// payload that is exactly its message's JSON mapping: a field the proto lacks, in TypeScript
// or in the submission's SQL, fails here. An accepted score writes one event (issue 21).

// The rows stay in the outbox, so the test reads exactly what was written.
const h = perFile(() => startHarness({ OUTBOX_RELAY: 'off' }));

it('writes every event as its message in the event table, exactly', async () => {
  await seasonNow(h, 'Contract season');
  const seasonal = await h.submit(h.submission(await h.newGame('Contract')));
  // The submission's one event, before anything else writes one.
  const [created, ...more] = (await h.db('outbox').select('subject', 'payload')) as {
    subject: string;
    payload: { score: { id: string }; boards: { board: string }[] };
  }[];
  expect(more).toEqual([]);
  expect(created!.subject).toBe('scores.created');
  expect(created!.payload.score.id).toBe(seasonal.id);
  // Its boards, the season's added by the statement itself.
  expect(created!.payload.boards.map((b) => b.board)).toEqual(['all-time', 'weekly', 'seasonal']);
  const voided = await h.submit(h.submission(await h.newGame('Contract')));
  await h.admin.voidScore({ scoreId: voided.id, reason: 'Contract test' });
  await h.admin.banPlayer({ playerName: 'Contract', reason: 'Contract test' });
  await h.admin.unbanPlayer({ playerName: 'Contract' });
  const reset = (await h.admin.resetAllTime({ reason: 'Contract test' })).reset!;
  await h.admin.restoreReset({ resetId: reset.id });
  // Review: a held game cleared (announced then), and an accepted one held by a late flag.
  const held = await h.submit(h.submission(await h.newGame('Contract Bot', { gapMs: () => 20 })));
  await h.admin.clearScore({ scoreId: held.id, reason: 'Contract test' });
  const late = await h.newGame('Contract Late');
  const flagged = await h.submit(h.submission(late));
  await h.sessionsAdmin.flagSession({ id: late.sessionId, reason: 'Contract test' });
  await eventually(
    async () =>
      expect(await h.db('scores').where({ id: flagged.id }).first()).toMatchObject({
        review_state: 'held',
      }),
    { timeoutMs: 10_000 },
  );

  const rows = (await h.db('outbox').orderBy('seq').select('id', 'subject', 'payload')) as {
    id: string;
    subject: string;
    payload: { id: string; board?: string };
  }[];
  // Every kind was written: the score, and each board's update.
  expect(new Set(rows.map((r) => `${r.subject} ${r.payload.board ?? ''}`.trim()))).toEqual(
    new Set([
      'scores.created',
      'leaderboard.updated all-time',
      'leaderboard.updated weekly',
      'leaderboard.updated seasonal',
    ]),
  );
  expect(rows.map((r) => eventContractBreach(r.subject, r.payload)).filter(Boolean)).toEqual([]);
  expect(rows.filter((r) => r.payload.id !== r.id)).toEqual([]);
});
