// Screenshots of the player's /user-dashboard and /edit-profile (with 'Delete your account?'
// open) on a 390×844 phone and a 1280×800 desktop, with real data: it starts its own isolated
// stack (fresh database, Redis and NATS prefixes, free-standing ports), plays real ranked games
// against the server (guests' and the signed-in player's), and has the admin clear the games
// held for review, as an admin who watched them would, but the player's last one.
// A scenario of web/scripts/screenshots.mjs (`node web/scripts/screenshots.mjs dashboard`).
import { randomBytes } from 'node:crypto';
import {
  adminClient,
  apiClient,
  clearIfHeld,
  playRankedGame,
  post,
  skilledAction,
  submitScore,
} from '../lib/shots.mjs';

export const about = "a player's dashboard, profile editor and delete dialog, with real games";
const PLAYER = {
  username: 'ann_plays',
  email: 'ann.plays@mail.example.org',
  password: `shots-${randomBytes(6).toString('hex')}`,
};
/** Others on the boards: [name, share of greedy turns 0-10]. */
const GUESTS = [
  ['BallWizard', 9],
  ['ComboQueen', 8],
  ['LuckyLuke', 5],
  ['nina', 4],
  ['orbital', 2],
];

/** A whole ranked game, submitted; the admin clears it if held, unless `keepHeld`. */
async function playAndSubmit(client, admin, playerName, skill, keepHeld = false) {
  const played = await playRankedGame(client, playerName, (game, turn) =>
    skilledAction(game, turn, skill),
  );
  const stored = await submitScore(client, played);
  if (!keepHeld) await clearIfHeld(admin, stored);
}

async function shootOne(camera, context, viewport) {
  await post(context.request, '/api/login', { email: PLAYER.email, password: PLAYER.password });
  const page = await context.newPage();
  await page.goto('/user-dashboard', { waitUntil: 'networkidle' });
  await page.getByTestId('recent-game').first().waitFor();
  await camera.shootPage(page, `user-dashboard-${viewport}`);

  await page.goto('/edit-profile', { waitUntil: 'networkidle' });
  await camera.shootPage(page, `edit-profile-${viewport}`);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type your username to confirm').fill(PLAYER.username);
  await dialog.getByLabel('Current password').fill('********');
  await page.waitForTimeout(400);
  await camera.save(page, `delete-account-${viewport}`);
}

/** Guests' games and the player's, the admin clearing the held ones but the player's last. */
export async function seed(stack) {
  const guests = await apiClient(stack.url);
  const player = await apiClient(stack.url);
  const admin = await adminClient(stack.url);
  try {
    await post(player, '/api/register', PLAYER);
    for (const [playerName, skill] of GUESTS) {
      await playAndSubmit(guests, admin, playerName, skill);
    }
    for (const [g, skill] of [7, 4, 8, 6, 5].entries()) {
      await playAndSubmit(player, admin, PLAYER.username, skill, g === 4);
    }
  } finally {
    await guests.dispose();
    await player.dispose();
    await admin.dispose();
  }
}

export function shoot(camera) {
  return camera.eachViewport((context, viewport) => shootOne(camera, context, viewport));
}
