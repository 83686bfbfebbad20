// Documentation screenshots of the game (docs/screenshots/), taken with Debian's Chromium: / before a game and mid-game on a 390×844 phone and a 1280×800 desktop,
// the extra-moves modal and the score dialog. Ranked games are held by the server: the board is
// read from its answers (the new game, then each action's, on the game socket or over HTTP), as
// the browser tests do, and moves are found on it with the engine.
// A scenario of web/scripts/screenshots.mjs (`node web/scripts/screenshots.mjs game`), on a
// stack of its own with three players' scores on the boards (SEED_SCORES=0: none).
/* global document -- inside page callbacks, in the browser */
import { createRequire } from 'node:module';
import { apiClient, boardState, get, playRankedGame, sleep, submitScore } from '../lib/shots.mjs';

const require = createRequire(import.meta.url);
const engine = require('@ballmatch/engine');

export const about = 'the game: / before and mid-game, the extra-moves modal, the score dialog';

/** The valid move whose first pop takes the fewest target balls. */
function slowMove(game) {
  const state = boardState(game);
  let best = null;
  let bestCost = Infinity;
  for (const move of engine.findMoves(state)) {
    const result = engine.swap(state, move.from, move.to);
    if (!result.ok) continue;
    const cost = result.steps[0].targetCollected;
    if (cost < bestCost) [best, bestCost] = [move, cost];
  }
  return best;
}

const pathOf = (r) => new URL(r.url()).pathname;
const isAction = (r) =>
  r.request().method() === 'POST' && /^\/api\/player-sessions\/[^/]+\/actions$/.test(pathOf(r));

/**
 * The game of each answer to the page's actions, in order: a frame on the game socket, or the
 * answer over HTTP when the page fell back to it. `next()` waits for the next one.
 */
function watchAnswers(page) {
  const waiting = [];
  const answered = (game) => waiting.shift()?.(game);
  page.on('response', async (r) => {
    // A 5xx is a lost answer the page sends again.
    if (isAction(r) && r.status() < 500) answered((await r.json()).game);
  });
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/ws/game') return;
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload));
      if (frame.type === 'answer') answered(frame.answer.game);
    });
  });
  return {
    next: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer to an action in 30 s')), 30_000);
        waiting.push((game) => {
          clearTimeout(timer);
          resolve(game);
        });
      }),
  };
}

async function startGame(page) {
  const answers = watchAnswers(page);
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && pathOf(r) === '/api/player-sessions',
  );
  await page.getByRole('button', { name: 'PLAY NOW!' }).click();
  await page.getByRole('button', { name: 'Continue Without Login' }).click();
  const { game } = await (await answer).json();
  return { game, answers };
}

async function settle(page, game) {
  const left = game.game.level.movesAllowed - game.game.level.movesUsed;
  await page.waitForFunction(
    (moves) =>
      document.querySelector('[data-testid="game-board"]')?.dataset.busy === 'false' &&
      document.querySelector('[data-testid="stat-moves"]')?.textContent === moves,
    String(left),
    { timeout: 15000 },
  );
}

async function tap(page, at, touch) {
  const box = await page.getByRole('application', { name: /BallMatch board/ }).boundingBox();
  const cell = box.width / 6;
  const x = box.x + (at.x + 0.5) * cell;
  const y = box.y + (at.y + 0.5) * cell;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

async function move(page, game, touch) {
  const m = slowMove(game.game);
  const answer = game.answers.next();
  await tap(page, m.from, touch);
  await tap(page, m.to, touch);
  game.game = await answer;
  await settle(page, game);
}

/**
 * Fills an empty weekly board with a few games played against the server (through the API,
 * moves found with the engine on the boards it answers), so 'Top Players This Week' has
 * something to show.
 */
async function seedScores(baseUrl, names) {
  const client = await apiClient(baseUrl);
  try {
    const week = await get(client, '/api/weekly-leaderboards/active');
    const top = await get(client, `/api/weekly-leaderboards/${week.id}/top-scores?limit=3`);
    if (top.length >= 3) return;
    for (const [i, playerName] of names.entries()) {
      const played = await playRankedGame(client, playerName, async (game, turn, session) => {
        // A human-like pace: the server times the actions itself.
        await sleep(400 + ((game.seq * 331) % 900));
        if (game.status === 'gameOverPending' && !game.extraMovesGranted && session.offers) {
          // Extra moves are earned by following the game's reward ad ('Watch Ad').
          await client.get(`/api/ads/go/${session.offers.reward.id}`, { maxRedirects: 0 });
          return { type: 'extraMoves' };
        }
        // Stronger players take more moves: different scores on the board.
        if (game.status !== 'active' || turn >= 12 + i * 6) return { type: 'end' };
        const moves = engine.findMoves(boardState(game));
        if (moves.length === 0) return { type: 'reset' };
        return { type: 'swap', ...moves[(turn * (3 + i)) % moves.length] };
      });
      await submitScore(client, played, { moves: played.game.totalMoves });
      console.log(`seeded ${playerName}: ${played.game.score}`);
    }
  } finally {
    await client.dispose();
  }
}

export async function seed(stack) {
  if (process.env.SEED_SCORES !== '0') {
    await seedScores(stack.url, ['NovaStar', 'PixelPop', 'CometKid']);
  }
}

export const shoot = (camera) =>
  camera.eachViewport(async (context, viewport) => {
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(600);
    await camera.save(page, `home-${viewport}`);

    const touch = viewport === 'phone';
    const game = await startGame(page);
    await settle(page, game);
    for (let i = 0; i < 4; i++) await move(page, game, touch);
    // One ball selected, mid-game.
    await tap(page, slowMove(game.game).from, touch);
    await page.waitForTimeout(300);
    await camera.save(page, `game-${viewport}`);

    if (touch) {
      await tap(page, slowMove(game.game).from, true); // deselect
      while (game.game.status === 'active') await move(page, game, true);
      await page.getByRole('dialog', { name: 'Get 7 Extra Moves!' }).waitFor();
      await page.waitForTimeout(400);
      await camera.save(page, 'extra-moves-modal');
      await page.getByRole('button', { name: 'No Thanks' }).click();
      await page.getByRole('dialog', { name: /HIGH SCORE!|SUBMIT SCORE/ }).waitFor();
      await page.waitForTimeout(600);
      await camera.save(page, 'submit-dialog');
    }
  });
