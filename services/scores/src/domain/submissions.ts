import { randomUUID } from 'node:crypto';
import { AppError, type Logger } from '@ballmatch/platform';
import {
  ALL_TIME,
  seasonBoard,
  weekBoard,
  type BoardStore,
  type ShownScore,
} from '../store/boards';
import type { ScoreRow } from '../store/rows';
import type { ScoreStore } from '../store/scores';
import type { SeasonStore } from '../store/seasons';
import type { WeekStore } from '../store/weeks';
import type { Clock } from './clock';
import { leaderboardUpdated, scoreCreated } from './events';
import { parsePlayerName } from './player-name';
import { verifyGame } from './verify';
import { weekStart } from './weeks';

/** What the scores service needs of a game's session (sessions.v1 GetSessionForScoring). */
export interface ScoringSession {
  seed: string;
  suspicious: boolean;
}

export type SessionLookup = (sessionId: string) => Promise<ScoringSession>;

export interface SubmitInput {
  playerName: string;
  score: number;
  level: number;
  moves?: number;
  sessionId: string;
  gameLog: string;
  /** The seasonal endpoint's season: it must be running. */
  seasonId?: string;
  userId: string;
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_SCORE = 2_147_483_647;

function wholeNumber(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new AppError(
      'INVALID_ARGUMENT',
      min === 0
        ? `${field} must be a whole number, 0 or more`
        : `${field} must be a whole number of at least ${min}`,
      { field },
    );
  }
  return value;
}

export const shown = (row: ScoreRow): ShownScore => ({
  id: row.id,
  playerName: row.playerName,
  score: row.score,
  level: row.level,
  moves: row.moves,
  createdAt: row.createdAt,
});

/**
 * Verified, exactly-once submission. Whichever of the three endpoints arrives first stores the
 * game (one statement: score, weekly row, season entry, events); the others, and every retry,
 * get that same score back. Redis follows after the commit.
 */
export function submissions(deps: {
  scores: ScoreStore;
  weeks: WeekStore;
  seasons: SeasonStore;
  boards: BoardStore;
  session: SessionLookup;
  now: Clock;
  changed: () => void;
  wake: () => void;
  logger: Logger;
}) {
  const { scores, weeks, seasons, boards, now, logger } = deps;

  async function seed(sessionId: string): Promise<ScoringSession> {
    try {
      return await deps.session(sessionId);
    } catch (error) {
      const code = (error as AppError).code;
      if (code === 'NOT_FOUND' || code === 'INVALID_ARGUMENT') {
        throw new AppError('FAILED_PRECONDITION', 'Session not found', { field: 'sessionId' });
      }
      throw error;
    }
  }

  async function seasonMustRun(seasonId: string, at: Date): Promise<void> {
    const season = await seasons.byId(seasonId);
    if (!season) throw new AppError('NOT_FOUND', 'Seasonal leaderboard not found');
    if (!(season.startsAt <= at && at < season.endsAt)) {
      throw new AppError('FAILED_PRECONDITION', `Season "${season.name}" is not running`);
    }
  }

  async function store(input: SubmitInput, name: { name: string; key: string }) {
    if (input.seasonId !== undefined) await seasonMustRun(input.seasonId, now());
    const session = await seed(input.sessionId);
    const game = verifyGame(session.seed, input.gameLog, input);
    const createdAt = now();
    const week = await weeks.ensure(weekStart(createdAt));
    const id = randomUUID();
    const score: ShownScore = {
      id,
      playerName: name.name,
      score: game.score,
      level: game.level,
      moves: game.moves,
      createdAt,
    };
    const outcome = await scores.insertVerified({
      id,
      sessionId: input.sessionId,
      playerName: name.name,
      playerKey: name.key,
      score: game.score,
      level: game.level,
      moves: game.moves,
      createdAt,
      weekId: week.id,
      userId: input.userId || null,
      timingFlags: game.timing.flags,
      sessionSuspicious: session.suspicious,
      events: [
        { ...scoreCreated(score, createdAt), seasonal: false },
        { ...leaderboardUpdated('all-time', null, name.name, createdAt), seasonal: false },
        { ...leaderboardUpdated('weekly', week.id, name.name, createdAt), seasonal: false },
        { ...leaderboardUpdated('seasonal', null, name.name, createdAt), seasonal: true },
      ],
    });
    if (outcome.kind === 'banned') {
      throw new AppError('PERMISSION_DENIED', 'That player name is banned from the leaderboards', {
        field: 'playerName',
      });
    }
    if (outcome.kind === 'duplicate') return shown(outcome.score);

    deps.wake();
    const seasonal = outcome.season ? seasonBoard(outcome.season) : null;
    try {
      await boards.recordScore(outcome.score, weekBoard(week), outcome.row, seasonal);
    } catch (error) {
      // PostgreSQL has it; the boards rebuild from there on their next read.
      logger.warn({ err: error }, 'Redis boards not updated after a score; dropping them');
      await Promise.all(
        [ALL_TIME, weekBoard(week), ...(seasonal ? [seasonal] : [])].map((b) =>
          boards.dropMarker(b).catch(() => undefined),
        ),
      );
    }
    deps.changed();
    return score;
  }

  return {
    async submit(input: SubmitInput): Promise<ShownScore> {
      const name = parsePlayerName(input.playerName);
      if (!input.sessionId) {
        throw new AppError('FAILED_PRECONDITION', 'sessionId is required', { field: 'sessionId' });
      }
      if (!SESSION_ID.test(input.sessionId)) {
        throw new AppError('INVALID_ARGUMENT', 'sessionId is not a valid session id', {
          field: 'sessionId',
        });
      }
      if (!input.gameLog) {
        throw new AppError('FAILED_PRECONDITION', 'A game log is required to verify the score', {
          field: 'gameLog',
        });
      }
      wholeNumber(input.score, 'score', 1, MAX_SCORE);
      wholeNumber(input.level, 'level', 1, 100_000);
      if (input.moves !== undefined) wholeNumber(input.moves, 'moves', 0, MAX_SCORE);
      try {
        return await store(input, name);
      } catch (error) {
        // A repeat answers as the first did, even when its own checks would fail now (the
        // season has ended since, the sessions service is down, ...).
        const existing = await scores.bySession(input.sessionId).catch(() => undefined);
        if (existing) return shown(existing);
        throw error;
      }
    },
  };
}

export type Submissions = ReturnType<typeof submissions>;
