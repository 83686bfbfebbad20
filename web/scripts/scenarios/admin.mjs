// Screenshots of the admin console (/admin-dashboard, /game-analytics, /admin-player-tracking
// as it opens and with a session open) on a 390×844 phone and a 1280×800 desktop, down to the end of the page.
// It starts its own isolated stack (fresh database, Redis and NATS prefixes, free-standing
// ports), registers a few players and plays real ranked games against the server (a script
// plays faster than a person, so the server flags some: player tracking has suspicious
// sessions and held scores to show).
// A scenario of web/scripts/screenshots.mjs (`node web/scripts/screenshots.mjs admin`).
import { randomBytes } from 'node:crypto';
import {
  ADMIN,
  apiClient,
  playRankedGame,
  post,
  skilledAction,
  sleep,
  submitScore,
} from '../lib/shots.mjs';

export const about = 'the admin console, with games the server flagged';
const PLAYERS = ['BallWizard', 'ComboQueen', 'nina', 'LuckyLuke', 'orbital'];

/** A whole game at script speed (the server flags it); its session's id. */
async function wholeGame(client, playerName) {
  const played = await playRankedGame(client, playerName);
  await submitScore(client, played);
  return played.id;
}

/** `swaps` swaps at a person's uneven pace, then the end. */
async function shortGame(client, playerName, swaps) {
  const played = await playRankedGame(client, playerName, async (game, turn) => {
    if (turn >= swaps) return { type: 'end' };
    await sleep(150 + ((turn * 397) % 900));
    return skilledAction(game, turn);
  });
  await submitScore(client, played);
}

/** New players, and games the server times: the session shown open is the first flagged. */
export async function seed(stack) {
  const client = await apiClient(stack.url);
  // New players of today (guests play under the names below).
  for (const username of ['rookie_one', 'rookie_two', 'rookie_three']) {
    await post(client, '/api/register', {
      username,
      email: `${username}@example.com`,
      password: `shots-${randomBytes(6).toString('hex')}`,
    });
    await post(client, '/api/logout', {});
  }
  let openSession = '';
  for (const [i, name] of PLAYERS.entries()) {
    const whole = await wholeGame(client, name);
    await shortGame(client, name, 6 + i);
    // A script's whole game, flagged by the server's timing rule: the detail shown.
    if (i === 0) openSession = whole;
  }
  await client.dispose();
  return openSession;
}

export function shoot(camera, openSession) {
  return camera.eachViewport(async (context, viewport) => {
    await post(context.request, '/api/admin/login', ADMIN);
    const page = await context.newPage();
    for (const [route, slug] of [
      ['/admin-dashboard', 'admin-dashboard'],
      ['/game-analytics', 'game-analytics'],
      ['/admin-player-tracking', 'admin-player-tracking'],
      [`/admin-player-tracking?session=${openSession}`, 'admin-player-tracking-session'],
    ]) {
      await page.goto(route, { waitUntil: 'networkidle' });
      await camera.shootPage(page, `${slug}-${viewport}`);
    }
  });
}
