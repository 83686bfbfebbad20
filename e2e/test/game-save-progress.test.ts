// Save progress (docs/product.md 'Game flow', issue 10): a registered player's ranked game
// survives a page reload and a restart of each service in turn (sessions, scores, auth, the
// gateway). After each restart play goes on in the same page, and after each reload the page
// comes back on the same game: the server's answer to GET /api/player-sessions/current is the
// game as last answered, the stats bar shows its score, level and moves, the canvas draws the
// very same picture, and the next swap found on that board is the one the page sends. The
// services run on a stack of this file's own (support/restartable-stack.ts), since restarting
// the run's shared one would break the journeys beside it; the stack's supervisor restarts a
// process as a deploy would (SIGTERM, then a new one, ready once it answers its health check).
import type { Page } from 'playwright-core';
import { registerThroughApi } from '../support/accounts';
import { useChromium } from '../support/browser';
import { GameMirror } from '../support/game';
import { useRestartableStack } from '../support/restartable-stack';
import { JOURNEY_TIMEOUT_MS } from '../support/timeouts';

jest.setTimeout(3 * JOURNEY_TIMEOUT_MS); // four restarts and five reloads
const stack = useRestartableStack('stack-restarts.log');
const { journey } = useChromium({ baseUrl: () => stack.url });

/** Waits until the board's canvas draws exactly `picture`. */
async function drawn(page: Page, picture: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      (
        document.querySelector('canvas[role="application"]') as HTMLCanvasElement | null
      )?.toDataURL() === expected,
    picture,
  );
}

journey(
  "save progress: a registered player's game survives reloads and a restart of each service",
  async ({ page, context }) => {
    // No idle hint: at rest, the canvas shows the board and nothing else.
    await context.addInitScript(() => localStorage.setItem('ballmatch_hints', 'false'));
    const account = await registerThroughApi(context);
    await page.goto('/');
    await page.getByRole('banner').getByText(account.username).waitFor();
    const game = new GameMirror(page);
    await game.start(() => page.getByRole('button', { name: 'PLAY NOW!' }).click());
    await game.settled();
    await game.clickMove();

    /** Reloads: the page opens on the same game, drawn the same, ready for the next move. */
    async function reloadAndFindTheGame() {
      const before = game.game;
      const picture = await game.picture();
      const resumed = await game.start(async () => {
        await page.reload();
      });
      expect(resumed).toEqual(before);
      await game.settled();
      expect(await game.board.getAttribute('data-phase')).toBe('playing');
      await drawn(page, picture);
    }

    await reloadAndFindTheGame();
    await game.clickMove();

    for (const service of ['sessions', 'scores', 'auth', 'gateway']) {
      const seq = game.game.seq;
      await stack.restart(service);
      // Play goes on in the page that was open during the restart...
      await game.clickMove();
      expect(game.game.seq).toBe(seq + 1);
      // ...and a reload finds the game where it was.
      await reloadAndFindTheGame();
    }
    await game.clickMove();
    expect(game.actionsBySeq()).toHaveLength(7);
    expect(game.game).toMatchObject({ seq: 7, status: 'active', totalMoves: 7 });
  },
);
