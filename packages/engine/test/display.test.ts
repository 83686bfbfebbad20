import {
  ANIMATION,
  LEVEL,
  REDUCED_ANIMATION,
  TIMING,
  analyzePace,
  answerDisplay,
  createGame,
  replay,
  swap,
} from '../src';
import type { AnswerShape, GameState } from '../src';
import { greedy, play } from '../src/bots';

const oneStep: AnswerShape = { cascadeSteps: 1, levelUp: false };
const atRest: AnswerShape = { cascadeSteps: 0, levelUp: false };

describe("an answer's display time", () => {
  it('reduced motion is the fastest the page plays: no phase longer than the normal one', () => {
    for (const phase of ['swapMs', 'swapSteps', 'popMs', 'fallMs'] as const) {
      expect(REDUCED_ANIMATION[phase]).toBeLessThanOrEqual(ANIMATION[phase]);
    }
  });

  it('is the swap and the first pop, then each round falls and every later round pops first', () => {
    // Reduced motion (the default): swap 60, pop 100, fall 160.
    expect(answerDisplay(oneStep)).toEqual({ openingMs: 160, afterAnswerMs: 160, totalMs: 320 });
    expect(answerDisplay({ cascadeSteps: 3, levelUp: false })).toEqual({
      openingMs: 160,
      afterAnswerMs: 3 * 160 + 2 * 100,
      totalMs: 160 + 680,
    });
    // Normal motion: swap 200, pop 350, fall 700.
    expect(answerDisplay(oneStep, ANIMATION).totalMs).toBe(1250);
    expect(answerDisplay({ cascadeSteps: 2, levelUp: false }, ANIMATION).totalMs).toBe(2300);
  });

  it("waits out a level-up's pause (the board takes no input then)", () => {
    expect(answerDisplay({ cascadeSteps: 1, levelUp: true }).afterAnswerMs).toBe(
      160 + LEVEL.levelUpDelayMs,
    );
  });

  it('is nothing for an answer shown at rest (a reset, the extra moves)', () => {
    expect(answerDisplay(atRest)).toEqual({ openingMs: 0, afterAnswerMs: 0, totalMs: 0 });
  });
});

/** Times from 0 with these gaps: gap i separates action i from action i + 1. */
const timesOf = (gaps: number[]) =>
  gaps.reduce((times, gap) => [...times, times.at(-1)! + gap], [0]);

describe('the page-pace rule', () => {
  // A one-step answer shows for 320 ms at its fastest: the next action may come 100 ms sooner.
  const least = 320 - TIMING.displayToleranceMs;

  it('an action sooner than the answer before it could show, less the tolerance, is too soon', () => {
    const answers = [oneStep, oneStep, oneStep, oneStep];
    expect(analyzePace(timesOf([least, least, least]), answers)).toEqual({
      answersJudged: 3,
      tooSoon: 0,
      suspicious: false,
      flags: [],
    });
    expect(analyzePace(timesOf([least - 1, least, least - 1]), answers)).toMatchObject({
      tooSoon: 2,
      suspicious: false,
    });
  });

  it(`holds a game from ${TIMING.minTooSoon} such actions on`, () => {
    const answers = Array(5).fill(oneStep) as AnswerShape[];
    const paced = analyzePace(timesOf([50, 50, 50, 5000]), answers);
    expect(paced).toEqual({
      answersJudged: 4,
      tooSoon: 3,
      suspicious: true,
      flags: ['fasterThanAnimation'],
    });
  });

  it('judges no game of fewer than 5 actions, as the gaps rule', () => {
    const answers = Array(4).fill(oneStep) as AnswerShape[];
    expect(analyzePace(timesOf([0, 0, 0]), answers)).toMatchObject({
      tooSoon: 3,
      suspicious: false,
    });
  });

  it('judges nothing after an answer the page shows at rest, and nothing after the last action', () => {
    const answers = [atRest, oneStep, atRest, oneStep];
    expect(analyzePace(timesOf([0, 0, 0]), answers)).toMatchObject({
      answersJudged: 1,
      tooSoon: 1,
      suspicious: false,
    });
  });

  it("a level-up's pause counts: an action 1 s after it is too soon", () => {
    const answers = [{ cascadeSteps: 1, levelUp: true }, oneStep];
    expect(analyzePace(timesOf([1000]), answers).tooSoon).toBe(1);
    expect(analyzePace(timesOf([1220]), answers).tooSoon).toBe(0);
  });
});

describe("replay's account of each answer", () => {
  it('gives every entry the cascade and level-up its action was answered with', () => {
    const game = play(createGame('display-1'), { choose: greedy });
    const result = replay('display-1', game.log);
    if (!result.ok) throw new Error(result.message);
    let state: GameState = createGame('display-1');
    const expected = game.log.map((entry, i) => {
      const swapped = entry.type === 'swap' ? swap(state, entry.from, entry.to) : null;
      if (swapped && !swapped.ok) throw new Error(swapped.message);
      state = game.states[i]!;
      return swapped
        ? { cascadeSteps: swapped.steps.length, levelUp: swapped.levelUp !== null }
        : { cascadeSteps: 0, levelUp: false };
    });
    expect(result.answers).toEqual(expected);
    expect(result.answers.some((a) => a.cascadeSteps > 1)).toBe(true);
    expect(result.answers.some((a) => a.levelUp)).toBe(true);
  });
});
