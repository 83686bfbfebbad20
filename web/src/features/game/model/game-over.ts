// The end of a game (docs/product.md 'Game flow', the end): the completed game is counted, a
// score above 0 joins this device's high scores and is announced in the 'Game Over' toast (with
// 'New high score!' for a personal best), a zero gets 'Better luck next time!'. The result it
// returns is what the score dialog submits.
import { addLocalHighScore, isPersonalBest, loadLocalHighScores } from '../lib/local-high-scores';
import type { GameView } from './game-view';
import type { FlowServices, GameResult } from './types';

const numberFormat = new Intl.NumberFormat('en-US');

/** What the game knew about itself besides its state. */
export interface PlayedGame {
  playerName: string;
  /** Null for a practice game. */
  sessionId: string | null;
  credential: string;
  /** Settles once the server has heard the game end, with its signed result (or null). */
  ended: Promise<string | null>;
  /** services.now() when it started. */
  startedAt: number;
  /** The ads its board showed. */
  adIds: string[];
}

type EndServices = Pick<FlowServices, 'recordCompletedGame' | 'now' | 'toast'>;

export function concludeGame(state: GameView, game: PlayedGame, services: EndServices): GameResult {
  reportCompletedGame(game, services);

  const before = loadLocalHighScores();
  const score = state.score;
  const level = state.level.currentLevel;
  const personalBest = isPersonalBest(score, before);
  if (score > 0) {
    addLocalHighScore({
      score,
      level,
      playerName: game.playerName,
      date: new Date().toISOString(),
    });
    services.toast({
      title: 'Game Over',
      description: `Final score: ${numberFormat.format(score)}${personalBest ? ' - New high score!' : ''}`,
      variant: 'destructive',
    });
  } else {
    services.toast({ title: 'Better luck next time!', description: 'Final score: 0' });
  }
  return {
    score,
    level,
    moves: state.totalMoves,
    practice: game.sessionId === null,
    sessionId: game.sessionId,
    credential: game.credential,
    ended: game.ended,
    personalBest,
    localScoresBefore: before,
  };
}

/** The site's play statistics: how long the page and the game lasted, and the ads shown. */
function reportCompletedGame(
  { startedAt, adIds }: Pick<PlayedGame, 'startedAt' | 'adIds'>,
  services: EndServices,
): void {
  const now = services.now();
  void services.recordCompletedGame({
    sessionTime: Math.round(now / 1000),
    gameTime: Math.round((now - startedAt) / 1000),
    hasAds: adIds.length > 0,
    adIds: adIds.length > 0 ? adIds : undefined,
    // The ad-blocker detector is a stub: never detected, full points.
    adBlockerDetected: false,
    pointsMultiplier: 1,
  });
}
