// How long the page takes to show an answer (README.md, 'Answer display time'): the web's board
// plays each answer with these durations, and the server's timing rule judges the gaps between
// actions against them.
import { LEVEL, REDUCED_ANIMATION } from './constants';

/** What an answer makes the page show: its cascade's rounds, and whether a level was won. */
export interface AnswerShape {
  /** Cascade rounds (pop, fall and fill); 0 for an answer shown at rest (a reset, a grant). */
  cascadeSteps: number;
  levelUp: boolean;
}

/** The phase durations an answer is played with (ANIMATION, or REDUCED_ANIMATION). */
export interface AnswerDurations {
  swapMs: number;
  popMs: number;
  fallMs: number;
}

export interface AnswerDisplay {
  /** The swap and its first pop: played from the board alone, while the action travels. */
  openingMs: number;
  /**
   * The rest, played once the answer has arrived: every round's fall, each later round's pop,
   * and a level-up's pause (the board takes no input during it).
   */
  afterAnswerMs: number;
  totalMs: number;
}

/**
 * The time the page needs to show an answer before it takes the next action. With the default
 * durations (reduced motion, the fastest the page offers) it is the least any player of the page
 * can wait; nothing is shown for an answer without a cascade.
 */
export function answerDisplay(
  answer: AnswerShape,
  durations: AnswerDurations = REDUCED_ANIMATION,
): AnswerDisplay {
  const steps = answer.cascadeSteps;
  if (steps <= 0) return { openingMs: 0, afterAnswerMs: 0, totalMs: 0 };
  const openingMs = durations.swapMs + durations.popMs;
  const afterAnswerMs =
    steps * durations.fallMs +
    (steps - 1) * durations.popMs +
    (answer.levelUp ? LEVEL.levelUpDelayMs : 0);
  return { openingMs, afterAnswerMs, totalMs: openingMs + afterAnswerMs };
}
