import { randomUUID } from 'node:crypto';
import { bearer } from '@ballmatch/platform';
import { perFile } from '@ballmatch/platform/testing';
import { startHarness } from './harness';

// Player tracking reads the score a session's game yielded, to void it from the session.
const h = perFile(startHarness);

describe('GetSessionScore', () => {
  it("answers the session's score with its review state, and once voided, when and why", async () => {
    const game = await h.newGame('Tracked');
    const stored = await h.submit(h.submission(game));
    const found = await h.admin.getSessionScore({ sessionId: game.sessionId });
    expect(found).toEqual({
      score: expect.objectContaining({
        score: expect.objectContaining({ id: stored.id, score: game.score }),
        sessionId: game.sessionId,
        reviewState: 'accepted',
      }),
      voidedAt: '',
      voidReason: '',
    });

    await h.admin.voidScore({ scoreId: stored.id, reason: 'Seen in player tracking' });
    const voided = await h.admin.getSessionScore({ sessionId: game.sessionId });
    expect(voided.voidReason).toBe('Seen in player tracking');
    expect(Date.parse(voided.voidedAt)).not.toBeNaN();
  });

  it('is NOT_FOUND for a session without a score, and for admins only', async () => {
    const unsubmitted = await h.newGame('Unsubmitted');
    for (const sessionId of [unsubmitted.sessionId, randomUUID(), 'nope']) {
      await expect(h.admin.getSessionScore({ sessionId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'This session has no score',
      });
    }
    await expect(
      h.adminClientAs(bearer(h.playerToken)).getSessionScore({ sessionId: randomUUID() }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(
      h.adminClientAs().getSessionScore({ sessionId: randomUUID() }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
