import { COLOR_HEX, LEVEL } from '@ballmatch/engine';
import { cn } from '@/components/ui/cn';
import { COLOR_SYMBOLS, SYMBOL_PATHS } from '@/game/symbols';
import type { ShownStats } from '../model/shown-stats';
import './stats-bar.css';

const numberFormat = new Intl.NumberFormat('en-US');

/** The ad-blocker detector is a stub: never detected, points multiplier 1. */
export const AD_BLOCKER_STUB = { detected: false, pointsMultiplier: 1 } as const;
export const AD_BLOCKER_TITLE = 'Ad blocker detected - only receiving 10% of points';

/** Before the first game: level 1's figures, with no target colour yet (grey). */
export const IDLE_STATS: ShownStats = {
  score: 0,
  level: 1,
  movesLeft: LEVEL.initialMoves,
  matchesCollected: 0,
  targetMatches: LEVEL.initialTargetMatches,
  targetColor: null,
};

/**
 * The stats bar: score with thousands separators, level, moves remaining (movesAllowed − movesUsed)
 * and the level progress matchesCollected/targetMatches beside the target colour (grey when there
 * is none). The 'reduced' marker shows only with an ad blocker detected.
 */
export function StatsBar({
  stats,
  adBlockerDetected = AD_BLOCKER_STUB.detected,
  symbols = false,
}: {
  stats: ShownStats | null;
  adBlockerDetected?: boolean;
  /** The colour-blind option: the target swatch carries its colour's shape too. */
  symbols?: boolean;
}) {
  const shown = stats ?? IDLE_STATS;
  const hasProgress = stats !== null;
  const progress =
    shown.targetMatches > 0 ? Math.min(1, shown.matchesCollected / shown.targetMatches) : 0;
  const swatch = shown.targetColor ? COLOR_HEX[shown.targetColor] : '#808080';
  const lowMoves = hasProgress && shown.movesLeft <= 3;

  return (
    <dl className="stats-bar" data-testid="stats-bar">
      <div className="stats-bar__item stats-bar__item--score">
        <dt>Score</dt>
        <dd data-testid="stat-score">
          {numberFormat.format(shown.score)}
          {adBlockerDetected && hasProgress && (
            <span className="stats-bar__reduced" title={AD_BLOCKER_TITLE}>
              reduced
            </span>
          )}
        </dd>
      </div>
      <div className="stats-bar__item">
        <dt>Level</dt>
        <dd data-testid="stat-level">{shown.level}</dd>
      </div>
      <div className={cn('stats-bar__item', lowMoves && 'stats-bar__item--warn')}>
        <dt>Moves</dt>
        <dd data-testid="stat-moves">{shown.movesLeft}</dd>
      </div>
      <div className="stats-bar__item stats-bar__item--target">
        <dt>Target</dt>
        <dd data-testid="stat-target">
          <span
            className="stats-bar__swatch"
            style={{ background: swatch }}
            data-color={shown.targetColor ?? 'none'}
            role="img"
            aria-label={shown.targetColor ? `${shown.targetColor} balls` : 'no target colour yet'}
          >
            {symbols && shown.targetColor && (
              <svg viewBox="0 0 16 16" aria-hidden="true">
                <path d={SYMBOL_PATHS[COLOR_SYMBOLS[shown.targetColor]]} />
              </svg>
            )}
          </span>
          <span>
            {shown.matchesCollected}/{shown.targetMatches}
          </span>
        </dd>
        <span className="stats-bar__progress" aria-hidden="true">
          <span style={{ transform: `scaleX(${progress})`, background: swatch }} />
        </span>
      </div>
    </dl>
  );
}
