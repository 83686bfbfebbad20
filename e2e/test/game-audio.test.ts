// The game's music on a machine too busy to run the page on time. Tone.js's transport then hands
// several late beats over in one task, and Tone would start them all at the same instant and throw
// 'Start time must be strictly greater than previous start time' (web/src/game/audio/
// note-starts.ts keeps each start strictly later). While a game's music plays, the page's main
// thread is held up for about a second, again and again; the journey fails on anything thrown.
import { registerThroughApi } from '../support/accounts';
import { useChromium } from '../support/browser';
import { GameMirror } from '../support/game';

const { journey } = useChromium();

const HOLD_UPS_MS = Array.from({ length: 20 }, (_, i) => 700 + ((i * 53) % 500));

/** The page's count of scheduled envelopes (set up by the init script below). */
type Counted = { __scheduled: { count: number } };

journey(
  'audio: the music plays on through a main thread that is held up again and again',
  async ({ page, context }) => {
    await registerThroughApi(context);
    // Every note schedules its envelope: counted to see that the music plays.
    await page.addInitScript(() => {
      const scheduled = { count: 0 };
      Object.assign(window, { __scheduled: scheduled });
      const setValueAtTime = AudioParam.prototype.setValueAtTime;
      AudioParam.prototype.setValueAtTime = function (...args) {
        scheduled.count += 1;
        return setValueAtTime.apply(this, args);
      };
    });
    await page.goto('/');
    const toneLoaded = page.waitForResponse((r) =>
      /^\/assets\/tone-kit-[^/]+\.js$/.test(new URL(r.url()).pathname),
    );
    await new GameMirror(page).start(() => page.getByRole('button', { name: 'PLAY NOW!' }).click());
    await toneLoaded;
    // The music plays: its notes keep scheduling envelopes.
    const before = await page.evaluate(() => (window as unknown as Counted).__scheduled.count);
    await page.waitForFunction(
      (from) => (window as unknown as Counted).__scheduled.count > from + 30,
      before,
    );

    await page.evaluate(async (holdUps) => {
      for (const ms of holdUps) {
        const end = performance.now() + ms;
        while (performance.now() < end);
        // Tone's overdue clock runs first, with the beats it missed; then a little play on time.
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    }, HOLD_UPS_MS);
  },
);
