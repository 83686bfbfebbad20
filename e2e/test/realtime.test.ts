// The live 'Recent Scores' feed: two visitors on /high-scores; a game submitted through the
// API (accepted by the scores service, published by its outbox relay on NATS, fanned out by
// the realtime service through the gateway's /ws) shows in both cards, pushed over their
// sockets. How fast is measured by the realtime benchmark (docs/benchmarks.md), not here: a
// timed wait would fail on a busy machine.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { playApiGame, submitApiGame } from '../support/api-game';
import { useChromium, withOtherVisitor } from '../support/browser';
import { unexpectedConsoleErrors, watchPage, type ExpectedFailure } from '../support/page-problems';

const { journey } = useChromium();

/** A visitor's pages may fail only these calls. */
const EXPECTED_FAILURES: ExpectedFailure[] = [{ path: '/api/user', status: 401 }];

/** The text frames the page's /ws socket receives, from its first load on. */
function liveFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/ws') return;
    socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  return frames;
}

function recentScores(page: Page) {
  return page.getByRole('log', { name: 'Recent scores' });
}

async function openHighScores(page: Page) {
  await page.goto('/high-scores');
  await page.getByRole('heading', { name: 'High Scores', level: 1 }).waitFor();
  // 'Live' once the page's socket is connected and subscribed.
  await page.getByText('Live', { exact: true }).waitFor();
}

journey(
  'a game submitted through the API appears live in two visitors’ Recent Scores',
  async ({ page, context, baseUrl, problems }) => {
    // A second visitor: its own browser context (cookies, storage, socket).
    await withOtherVisitor(context, baseUrl, async (other) => {
      const otherProblems = await watchPage(other);
      const frames = [liveFrames(page), liveFrames(other)];
      await Promise.all([openHighScores(page), openHighScores(other)]);
      for (const p of [page, other]) {
        await recentScores(p).getByText('Waiting for new scores to be submitted...').waitFor();
      }

      const playerName = `e2e_live_${randomBytes(3).toString('hex')}`;
      const game = await playApiGame(context.request, playerName);
      const accepted = await submitApiGame(context.request, game);
      expect(accepted.playerName).toBe(playerName);

      // Both cards list it (name, level and points), sent to them over /ws: no reload.
      await Promise.all(
        [page, other].map((p) => recentScores(p).getByText(playerName, { exact: true }).waitFor()),
      );
      for (const received of frames) expect(received.join('\n')).toContain(playerName);
      const points = `${new Intl.NumberFormat('en-US').format(game.score)} pts`;
      for (const p of [page, other]) {
        const entry = recentScores(p).getByRole('listitem').first();
        expect(await entry.innerText()).toContain(playerName);
        expect(await entry.innerText()).toContain(`Level ${game.level}`);
        expect(await entry.innerText()).toContain(points);
      }

      for (const found of [problems, otherProblems]) {
        expect(found.cspViolations).toEqual([]);
        expect(unexpectedConsoleErrors(found.consoleErrors, EXPECTED_FAILURES)).toEqual([]);
        expect(found.uncaught).toEqual([]);
      }
    });
  },
);
