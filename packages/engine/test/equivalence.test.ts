// The engine plays every game exactly as it did before it was made faster (issue 14): the same
// boards, draws, cascades, steps, scores, refusals and replays, byte for byte as JSON, against
// the outcomes that engine recorded (bench/outcomes.ts, bench/fixtures/outcomes.json).
import { readFileSync } from 'node:fs';
import {
  OUTCOME_GAMES,
  SRC,
  longGameOutcome,
  outcomeSeed,
  outcomesFile,
  playOutcome,
} from '../bench/outcomes';
import type { Outcome } from '../bench/outcomes';
import { deepFreeze } from './helpers';

const recorded = JSON.parse(readFileSync(outcomesFile(), 'utf8')) as {
  longGame: string;
  outcomes: Outcome[];
};

describe('equivalence with the engine before the speed-up', () => {
  it(`plays ${OUTCOME_GAMES.toLocaleString('en-GB')} random games identically, live and replayed`, () => {
    expect(recorded.outcomes).toHaveLength(OUTCOME_GAMES);
    const differing: { seed: string; now: Outcome; then: Outcome }[] = [];
    let actions = 0;
    recorded.outcomes.forEach((then, game) => {
      const now = playOutcome(SRC, game, deepFreeze);
      actions += now[0];
      if (JSON.stringify(now) !== JSON.stringify(then)) {
        differing.push({ seed: outcomeSeed(game), now, then });
      }
    });
    expect(differing.slice(0, 5)).toEqual([]);
    expect(actions).toBeGreaterThan(OUTCOME_GAMES * 30);
  });

  it('replays the pinned 300-move game identically', () => {
    expect(longGameOutcome(SRC)).toBe(recorded.longGame);
  });
});
