// Screenshots of the news: /updates (the first page of 12 published updates) and one update on a
// 390×844 phone and a 1280×800 desktop, and the admin's /admin-updates (list and editor) and
// /admin-feedback on the desktop. Everything is written through the real routes by the admin
// (drafts, a scheduled one, publish dates in the past) and the contact form. It starts its own
// isolated stack (fresh database, Redis and NATS prefixes, free-standing ports).
// A scenario of web/scripts/screenshots.mjs (`node web/scripts/screenshots.mjs updates`).
import { ADMIN, post } from '../lib/shots.mjs';

export const about = "the news (/updates, one update) and the admin's updates and feedback pages";

const DAY = 24 * 3600_000;

/** Newest first; `daysAgo` is each one's publish date. */
const NEWS = [
  {
    daysAgo: 1,
    title: 'Season 4 starts Monday: new prizes for the weekly top 10',
    content:
      '<p>Season 4 opens on <strong>Monday at 00:00 UTC</strong>. Every week of the season, the top 10 of the weekly board win a badge on their profile, and the season champion gets their name on the about page.</p><h2>What changes</h2><ul><li>Weekly boards reset on Monday as always.</li><li>Season points count your best five weeks.</li><li>Scores under review count once they are cleared.</li></ul><p>See the <a href="/leaderboards">leaderboards</a> for the current standings.</p>',
  },
  {
    daysAgo: 6,
    title: 'Colour-blind symbols on every ball',
    content:
      '<p>Turn on <em>colour-blind symbols</em> in the game settings and every ball carries its own shape: a circle for orange, a star for yellow, a square for blue and more. The setting is kept on this device.</p>',
  },
  {
    daysAgo: 11,
    title: 'Hints after ten seconds',
    content:
      '<p>Stuck? If you make no move for ten seconds the board now shows one swap that makes a run. Hints can be switched off in the settings.</p>',
  },
  {
    daysAgo: 17,
    title: 'Banner ads are open to everyone',
    content:
      '<p>Anyone with an account can now buy a banner under the game. Banners are reviewed before they run and refunded in full when refused.</p><blockquote>Ads are images only, served by our own servers: no trackers.</blockquote>',
  },
  {
    daysAgo: 23,
    title: 'Faster boards on older phones',
    content:
      '<p>The board now draws only while something moves and caches each ball, so older phones keep a smooth frame rate during long cascades.</p>',
  },
  {
    daysAgo: 30,
    title: 'Maintenance on Sunday night',
    content:
      '<p>We will update the servers on Sunday between 02:00 and 02:30 UTC. Games in progress are kept; the leaderboards may pause for a few minutes.</p>',
  },
  {
    daysAgo: 37,
    title: 'Runs of six now score double',
    content:
      '<p>A run of six or more balls of one colour now scores <strong>double</strong>, and it counts twice towards the level target.</p>',
  },
  {
    daysAgo: 45,
    title: 'The leaderboard archive',
    content:
      '<p>Every finished week now has its page in the <a href="/leaderboard-archive">leaderboard archive</a>, grouped by quarter.</p>',
  },
  {
    daysAgo: 52,
    title: 'Save your progress with an account',
    content:
      '<p>Signed-in players can now leave a game and pick it up later on any device. Guests can still play and submit scores under any free name.</p>',
  },
  {
    daysAgo: 60,
    title: 'Extra moves for watching an ad',
    content:
      '<p>When you run out of moves you may watch a short ad for seven more, once per game.</p>',
  },
  {
    daysAgo: 68,
    title: 'Fair play checks',
    content:
      '<p>Every ranked game is now checked by the server move by move. Scores that look automated wait for a review before they reach the boards.</p>',
  },
  {
    daysAgo: 75,
    title: 'Welcome to BallMatch',
    content:
      '<p>Match three or more balls of a colour, reach each level’s target colour, and climb the weekly, seasonal and all-time boards. Have fun!</p>',
  },
];

const MESSAGES = [
  {
    name: 'Maya',
    email: 'maya.k@mail.example.org',
    message:
      'Love the new hints! Could the hint wait a bit longer on later levels?\nThanks for the great game.',
  },
  {
    name: 'Tom Becker',
    email: 'tom.becker@example.com',
    message: 'The board froze on level 7 after a big cascade on my old tablet (Android 9).',
  },
  {
    name: 'Priya',
    email: 'priya@example.net',
    message: 'How do I get my banner ad in front of players in Europe only?',
  },
];

/** The news as the admin writes it: 12 published, a scheduled one and a draft. */
async function writeNews(request) {
  const now = Date.now();
  for (const item of [...NEWS].reverse()) {
    const update = await post(request, '/api/admin/updates', item);
    const publishDate = new Date(now - item.daysAgo * DAY).toISOString();
    await post(request, `/api/admin/updates/${update.id}/publish`, { publishDate });
  }
  const scheduled = await post(request, '/api/admin/updates', {
    title: 'Holiday tournament: double points for a weekend',
    content: '<p>From Friday to Sunday every run scores double. Good luck!</p>',
  });
  await post(request, `/api/admin/updates/${scheduled.id}/publish`, {
    publishDate: new Date(now + 9 * DAY).toISOString(),
  });
  return post(request, '/api/admin/updates', {
    title: 'Draft: the spring season',
    content: '<p>Notes for the spring season announcement.</p>',
  });
}

export async function shoot(camera) {
  const admin = await camera.context('desktop');
  await post(admin.request, '/api/admin/login', ADMIN);
  const draft = await writeNews(admin.request);
  for (const message of MESSAGES) await post(admin.request, '/api/feedback', message);

  await camera.eachViewport(async (guest, viewport) => {
    const page = await guest.newPage();
    await page.goto('/updates', { waitUntil: 'networkidle' });
    await page.getByRole('article').first().waitFor();
    await camera.shootPage(page, `updates-${viewport}`);
    await page.getByRole('article').first().getByRole('link').first().click();
    await page.getByTestId('update-content').waitFor();
    await camera.shootPage(page, `update-${viewport}`);
  });

  const page = await admin.newPage();
  await page.goto('/admin-updates', { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'Write an update' }).waitFor();
  await camera.shootPage(page, 'admin-updates-desktop');
  await page.goto(`/admin-updates?edit=${draft.id}`, { waitUntil: 'networkidle' });
  const editor = page.getByRole('textbox', { name: 'Text' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'H2 heading' }).click();
  await page.keyboard.type('Prizes');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('A badge for the weekly top 10');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Double points');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' on the final weekend');
  await camera.shootPage(page, 'admin-update-editor-desktop');
  await page.goto('/admin-feedback', { waitUntil: 'networkidle' });
  await page.getByRole('article').first().waitFor();
  await page.getByRole('button', { name: 'Mark as read' }).last().click();
  await page.getByRole('button', { name: 'Mark as unread' }).waitFor();
  await camera.shootPage(page, 'admin-feedback-desktop');
  await admin.close();
}
