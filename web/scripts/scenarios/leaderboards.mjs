// Documentation screenshots of /leaderboards, /leaderboard-archive and /high-scores
// (docs/screenshots/) with real data, on a 390×844 phone and a 1280×800 desktop. It starts its
// own isolated stack (fresh database, Redis and NATS prefixes, free-standing ports), opens a
// season through the admin API, plays real ranked games against the server and submits them
// (clearing the ones held for review as an admin), writes past weeks into the scores schema (no API makes those), then shoots.
// A scenario of web/scripts/screenshots.mjs (`node web/scripts/screenshots.mjs leaderboards`).
import { createRequire } from 'node:module';
import {
  adminClient,
  apiClient,
  claimOf,
  clearIfHeld,
  ownerOf,
  playRankedGame,
  post,
  skilledAction,
  sleep,
  submitScore,
} from '../lib/shots.mjs';

const require = createRequire(import.meta.url);
const { createKnex, playerNameKeys } = require('@ballmatch/platform');

export const about = 'the boards (all-time, weekly, past weeks, a season), with real games';
const PAGES = ['/leaderboards', '/leaderboard-archive', '/high-scores'];
/** The visitor's saved name: their rank and rows are shown. */
const VISITOR = 'purple_rain';
/** [name, skill 0-10 (share of greedy moves), games this week] */
const PLAYERS = [
  ['BallWizard', 9, 3],
  ['ComboQueen', 8, 3],
  ['MatchMaster3000', 7, 2],
  ['purple_rain', 6, 2],
  ['LuckyLuke', 5, 2],
  ['nina', 5, 1],
  ['Sphere_Sam', 4, 2],
  ['KingOfCascades', 8, 1],
  ['orbital', 3, 1],
  ['Bubbles', 2, 2],
  ['zed', 1, 1],
  ['Jules', 6, 1],
];
const DAY = 24 * 3600_000;
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * Plays a whole ranked game against the server and submits it, as the game does, to the scores
 * and the weekly board; the admin clears the scores held for review.
 */
async function playAndSubmit(client, admin, playerName, skill) {
  const played = await playRankedGame(client, playerName, (game, turn) =>
    skilledAction(game, turn, skill),
  );
  const stored = await submitScore(client, played, { moves: played.game.totalMoves });
  if (!stored) return;
  await post(client, '/api/weekly-leaderboards/record-score', claimOf(played), ownerOf(played));
  await clearIfHeld(admin, stored);
}

/** 31 past weeks reaching three quarters back, most with a few players' weeks. */
async function writePastWeeks(databaseUrl) {
  const db = createKnex({ url: databaseUrl, schema: 'scores', poolMax: 1 });
  try {
    const midnight = Date.now() - (Date.now() % DAY);
    const monday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY;
    for (let ago = 1; ago <= 31; ago++) {
      const start = new Date(monday - ago * 7 * DAY);
      const name = `Week of ${MONTHS[start.getUTCMonth()]} ${start.getUTCDate()}, ${start.getUTCFullYear()}`;
      const [week] = await db('weekly_leaderboards')
        .insert({ starts_at: start, ends_at: new Date(start.getTime() + 7 * DAY), name })
        .returning('id');
      const players = ago === 7 ? 0 : 4 + (ago % 6); // one quiet week
      for (let i = 0; i < players; i++) {
        const [playerName] = PLAYERS[(i * 5 + ago) % PLAYERS.length];
        const games = 1 + ((i + ago) % 6);
        await db('weekly_scores')
          .insert({
            week_id: week.id,
            // A guest player, and the look-alike keys of the name it shows (as scores writes).
            player_key: `guest:${playerNameKeys(playerName)[0]}`,
            player_name: playerName,
            name_keys: playerNameKeys(playerName),
            total_score: Math.round(((2400 - i * 260 + (ago % 5) * 90) * games) / 2),
            games_played: games,
            highest_level: Math.max(1, 6 - i + (ago % 3)),
          })
          .onConflict(['week_id', 'player_key'])
          .ignore();
      }
    }
  } finally {
    await db.destroy();
  }
}

async function shootOne(camera, context, viewport, submitMore) {
  const page = await context.newPage();
  for (const route of PAGES) {
    await page.goto(route, { waitUntil: 'networkidle' });
    if (route === '/high-scores') {
      // Games finished while the page is open reach its live 'Recent Scores' card.
      await page
        .getByText('Live', { exact: true })
        .waitFor({ timeout: 10_000 })
        .catch(() => console.warn('the realtime connection is not up: no live scores'));
      await submitMore();
      await page.waitForTimeout(1500);
    }
    await camera.shootPage(page, `${route.slice(1)}-${viewport}`);
  }
}

/** The visitor's saved name: their rank and rows are shown. */
export const camera = { localStorage: { player_name: VISITOR } };

/**
 * A season from now to the end of next month, this week's games, past weeks; answers what the
 * shots need: `submitMore` (games finished while /high-scores is open) and `dispose`.
 */
export async function seed(stack) {
  const client = await apiClient(stack.url);
  const admin = await adminClient(stack.url);
  // A season from now to the end of next month: this week's games count for it too.
  const now = new Date();
  await post(admin, '/api/admin/seasonal-leaderboards', {
    name: 'Autumn Showdown',
    startDate: new Date(now.getTime() + 2000).toISOString(),
    endDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString(),
  });
  await sleep(2500);
  for (const [playerName, skill, games] of PLAYERS) {
    for (let g = 0; g < games; g++) await playAndSubmit(client, admin, playerName, skill);
  }
  await writePastWeeks(stack.databaseUrl);
  return {
    async submitMore() {
      for (const [playerName, skill] of [
        ['nina', 6],
        ['Jules', 3],
        ['zed', 8],
      ]) {
        await playAndSubmit(client, admin, playerName, skill);
      }
    },
    async dispose() {
      await client.dispose();
      await admin.dispose();
    },
  };
}

export function shoot(camera, { submitMore }) {
  return camera.eachViewport((context, viewport) =>
    shootOne(camera, context, viewport, submitMore),
  );
}
