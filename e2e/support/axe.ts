import { AxeBuilder } from '@axe-core/playwright';
import type { ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** One rule broken on the page: its id, how bad, what it asks, and where (CSS selectors). */
export interface AxeViolation {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page once its running finite animations and transitions have ended (a
 * toast or a live score fading in is measured as it will stay, not half transparent); endless
 * ones such as a spinner's, and paused ones, are left as they are. axe runs through
 * @axe-core/playwright, whose script goes in through the DevTools protocol (page.evaluate),
 * which the site's Content-Security-Policy does not govern, so the page runs under its real
 * policy (it merges the frames' results on a blank page of the same context, closed after).
 * `options` narrows the rules (e.g. `{ runOnly: ['region'] }`).
 */
export async function axeViolations(page: Page, options: RunOptions = {}): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations !== Infinity,
        )
        // A cancelled animation (its element removed) rejects; it is over all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).options(options).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(' ')),
  }));
}

/** The violations a page must not have: every serious or critical one, and any listed rule. */
export function blocking(violations: AxeViolation[], rules: string[] = []): AxeViolation[] {
  return violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || rules.includes(v.id),
  );
}
