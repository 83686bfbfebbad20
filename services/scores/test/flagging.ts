import { eventually } from '@ballmatch/platform/testing';
import type { ScoresHarness } from './harness';

/** An admin flags the game's session (on the sessions service); waits until scores holds its score. */
export async function flagUntilHeld(h: ScoresHarness, sessionId: string, scoreId: string) {
  await h.sessionsAdmin.flagSession({ id: sessionId, reason: 'Reported by players' });
  await eventually(
    async () => {
      const [row] = await h.db('scores').where({ id: scoreId }).select('review_state');
      expect(row.review_state).toBe('held');
    },
    { timeoutMs: 10_000 },
  );
}
