import { randomUUID } from 'node:crypto';
import {
  AppError,
  gameResultMustBeFresh,
  isProtectedName,
  parseField,
  readGameResult,
  wholeNumberIn,
  type GameResult,
  type PublicKeys,
} from '@ballmatch/platform';
import { seasonBoard, weekBoard, type ShownScore } from '../store/boards';
import type { ScoreRow } from '../store/rows';
import type { ClaimingScore, InsertOutcome, ScoreStore } from '../store/scores';
import type { WeekRow } from '../store/weeks';
import type { BoardWriterDeps } from './board-repairs';
import { scoreCreated } from './events';
import {
  accountKey,
  claimName,
  nameOwned,
  nameProtected,
  parsePlayerName,
  type ClaimedName,
  type NameLookup,
  type PlayerName,
} from './player-name';
import { reviewAnswer, type ReviewAnswer } from './review';
import { isRunning } from './seasons';
import { checkFigures, verifyGame, type ScoringGame } from './verify';
import { weekOf } from './weeks';

/** What the scores service needs of a game's session (sessions.v1 GetSessionForScoring). */
export type ScoringSession = ScoringGame;

export type SessionLookup = (sessionId: string) => Promise<ScoringSession>;

export interface SubmitInput {
  playerName: string;
  score: number;
  level: number;
  moves?: number;
  sessionId: string;
  /** The seasonal endpoint's season: it must be running. */
  seasonId?: string;
  userId: string;
  /**
   * The game's result as sessions signed it at the game's end (platform's game-result.ts): the
   * one-step submission. Empty or absent: the game is read from the sessions service.
   */
  result?: string;
}

export interface SubmissionDeps extends BoardWriterDeps {
  scores: ScoreStore;
  session: SessionLookup;
  /** Sessions' service public keys: the game results it signs are checked with them. */
  resultKeys: PublicKeys;
  /** Who owns a player name (account-names.ts): see claimName. */
  names: NameLookup;
  /** UNAVAILABLE until the names table is filled (account-names.ts). */
  namesReady: () => Promise<void>;
  /** Review (domain/review.ts): a flag heard while the score was being stored holds it. */
  review: { holdIfFlagged(sessionId: string, score: ScoreRow): Promise<ScoreRow> };
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_SCORE = 2_147_483_647;
const MAX_LEVEL = 100_000;

export const shown = (row: ScoreRow): ShownScore => ({
  id: row.id,
  playerName: row.playerName,
  score: row.score,
  level: row.level,
  moves: row.moves,
  createdAt: row.createdAt,
});

/** A submission's answer: the score, and where review has it (held: on no board yet). */
export interface Submitted extends ReviewAnswer {
  score: ShownScore;
}

export const submitted = (row: ScoreRow): Submitted => ({
  score: shown(row),
  ...reviewAnswer(row.reviewState),
});

/** A finished game's figures as they are stored, whichever way they were vouched for. */
interface VouchedGame {
  score: number;
  level: number;
  moves: number;
  largestRun: number;
  /** The session was suspicious (sessions' verdict at the game's end, or an admin's flag). */
  suspicious: boolean;
  /** The audit replay's own timing verdict (none for a signed result: sessions judged it). */
  timingFlags: string[];
}

/**
 * Verified, exactly-once submission of a finished server-held game. Whichever of the three
 * endpoints arrives first stores the game on every board it belongs to (held for review if
 * its session is suspicious); the others, and every retry, get that same score back, with its
 * review state as it is now. With `result` (sessions' signed result) the submission is one
 * step: no call to sessions; without it, the game is read from sessions and replayed.
 */
export function createSubmissions(deps: SubmissionDeps) {
  async function store(input: SubmitInput, player: ClaimedName, game: VouchedGame) {
    const { score, week } = await newScore(deps, input, player, player.key, game);
    return answer(
      input,
      await deps.scores.insertVerified({ ...score, playerKey: player.key }),
      week,
    );
  }

  /**
   * The name claimed by the score's own statement (store/scores.ts, insertClaiming): no round
   * trip for it. claimName's rule and order: the table filled (else 503), the name not
   * protected (no query), then nobody else's.
   */
  async function storeClaiming(input: SubmitInput, name: PlayerName, game: VouchedGame) {
    await deps.namesReady();
    if (isProtectedName(name.name)) throw nameProtected();
    const account = input.userId ? accountKey(input.userId) : null;
    const { score, week } = await newScore(deps, input, name, account, game);
    const outcome = await deps.scores.insertClaiming(score);
    if (outcome.kind === 'refused') throw nameOwned(input.userId);
    return answer(input, outcome, week);
  }

  async function answer(input: SubmitInput, outcome: InsertOutcome, week: WeekRow) {
    if (outcome.kind === 'banned') throw banned();
    if (outcome.kind === 'duplicate' || outcome.kind === 'held') {
      return submitted(outcome.score);
    }
    await publish(deps, outcome, week);
    return submitted(await deps.review.holdIfFlagged(input.sessionId, outcome.score));
  }

  /** Read from sessions on the caller's behalf, then replayed (docs/api.md 'Submitting a game'). */
  async function submitRead(input: SubmitInput, name: PlayerName): Promise<Submitted> {
    let gameAsked = false;
    try {
      const player = await claimName(deps.names, name, input.userId);
      if (input.seasonId !== undefined) await seasonMustRun(deps, input.seasonId);
      gameAsked = true;
      const session = await loadSession(deps, input.sessionId);
      const game = verifyGame(session, input);
      return await store(input, player, {
        score: game.score,
        level: game.level,
        moves: game.moves,
        largestRun: game.largestRun,
        suspicious: session.suspicious,
        timingFlags: game.timing.flags,
      });
    } catch (error) {
      return answerAsTheFirstDid(deps, input.sessionId, error, gameAsked);
    }
  }

  /** The signed result vouches for the game and its owner: nothing is asked of sessions. */
  async function submitSigned(
    input: SubmitInput & { result: string },
    name: PlayerName,
  ): Promise<Submitted> {
    let vouched = false;
    try {
      const signed = await readGameResult(input.result, deps.resultKeys);
      const { result } = signed;
      mustBeTheCallers(result, input);
      vouched = true;
      gameResultMustBeFresh(signed, deps.now());
      checkFigures(result, input);
      const game = { ...result, timingFlags: [] };
      // The page's one post: the name is claimed by the score's statement. The seasonal route
      // checks the name before its season, as it did.
      if (input.seasonId === undefined) return await storeClaiming(input, name, game);
      const player = await claimName(deps.names, name, input.userId);
      await seasonMustRun(deps, input.seasonId);
      return await store(input, player, game);
    } catch (error) {
      // Its owner's repeat answers as the first did, even when its own checks fail now (the
      // result has expired since, the season has ended, ...).
      const existing = vouched
        ? await deps.scores.bySession(input.sessionId).catch(() => undefined)
        : undefined;
      if (!existing) throw error;
      return submitted(existing);
    }
  }

  return {
    async submit(input: SubmitInput): Promise<Submitted> {
      const name = validate(input);
      return input.result
        ? submitSigned({ ...input, result: input.result }, name)
        : submitRead(input, name);
    },
  };
}

export type Submissions = ReturnType<typeof createSubmissions>;

/** The request alone, before anything is read: the name, the ids and the claimed figures. */
function validate(input: SubmitInput): PlayerName {
  const name = parsePlayerName(input.playerName);
  if (!input.sessionId) {
    throw new AppError('FAILED_PRECONDITION', 'sessionId is required', { field: 'sessionId' });
  }
  if (!SESSION_ID.test(input.sessionId)) {
    throw new AppError('INVALID_ARGUMENT', 'sessionId is not a valid session id', {
      field: 'sessionId',
    });
  }
  wholeNumber(input.score, 'score', 1, MAX_SCORE);
  wholeNumber(input.level, 'level', 1, MAX_LEVEL);
  if (input.moves !== undefined) wholeNumber(input.moves, 'moves', 0, MAX_SCORE);
  return name;
}

function wholeNumber(value: unknown, field: string, min: number, max: number): void {
  const message =
    min === 0
      ? `${field} must be a whole number, 0 or more`
      : `${field} must be a whole number of at least ${min}`;
  parseField(wholeNumberIn(message, min, max), value, field);
}

/**
 * The result is this session's, and a signed-in player's game is submitted from that account
 * only (a guest's result is its own proof, as the session's credential is).
 */
function mustBeTheCallers(result: GameResult, input: SubmitInput): void {
  if (result.sessionId !== input.sessionId) {
    throw new AppError('INVALID_ARGUMENT', "result is another session's game", {
      field: 'result',
    });
  }
  if (result.userId !== null && result.userId !== input.userId) {
    throw new AppError('PERMISSION_DENIED', 'This session belongs to another player', {
      field: 'result',
    });
  }
}

/** The seasonal endpoint only takes games while its season runs. */
async function seasonMustRun(deps: SubmissionDeps, seasonId: string): Promise<void> {
  const season = await deps.seasons.byId(seasonId);
  if (!season) throw new AppError('NOT_FOUND', 'Seasonal leaderboard not found');
  if (!isRunning(season, deps.now())) {
    throw new AppError('FAILED_PRECONDITION', `Season "${season.name}" is not running`);
  }
}

/** Refusals of the caller by the sessions service: the session is not theirs. */
const notTheOwner = new WeakSet<object>();

/**
 * The held game from the sessions service, read on behalf of the caller (their credential or
 * account is forwarded); an unknown session is the client's, and another player's session is
 * the sessions service's PERMISSION_DENIED, as it said it.
 */
async function loadSession(deps: SubmissionDeps, sessionId: string): Promise<ScoringSession> {
  try {
    return await deps.session(sessionId);
  } catch (error) {
    const code = (error as AppError).code;
    if (code === 'NOT_FOUND' || code === 'INVALID_ARGUMENT') {
      throw new AppError('FAILED_PRECONDITION', 'Session not found', { field: 'sessionId' });
    }
    if ((code === 'PERMISSION_DENIED' || code === 'UNAUTHENTICATED') && error instanceof Error) {
      notTheOwner.add(error);
    }
    throw error;
  }
}

/**
 * The score to store, with its weekly row's week and its one event: the statement that stores
 * it (store/scores.ts) writes all of them, or nothing when the session already has a score.
 * `playerKey`: null when the statement claims the name (insertClaiming) for a guest.
 */
async function newScore(
  deps: SubmissionDeps,
  input: SubmitInput,
  name: PlayerName,
  playerKey: string | null,
  game: VouchedGame,
): Promise<{ score: ClaimingScore; week: WeekRow }> {
  const createdAt = deps.now();
  const week = await deps.weeks.ensure(weekOf(createdAt));
  const id = randomUUID();
  const shownScore: ShownScore = {
    id,
    playerName: name.name,
    score: game.score,
    level: game.level,
    moves: game.moves,
    createdAt,
  };
  const score: ClaimingScore = {
    id,
    sessionId: input.sessionId,
    playerName: name.name,
    playerKey,
    nameKeys: name.keys,
    score: game.score,
    level: game.level,
    moves: game.moves,
    createdAt,
    weekId: week.id,
    userId: input.userId || null,
    timingFlags: game.timingFlags,
    sessionSuspicious: game.suspicious,
    // The one event of an accepted score: the statement adds the season and its board.
    event: scoreCreated(
      shownScore,
      {
        userId: input.userId,
        largestRun: game.largestRun,
        weekId: week.id,
        boards: [{ board: 'all-time' }, { board: 'weekly', boardId: week.id }],
      },
      createdAt,
    ),
  };
  return { score, week };
}

const banned = () =>
  new AppError('PERMISSION_DENIED', 'That player name is banned from the leaderboards', {
    field: 'playerName',
  });

/**
 * After the commit: the relay publishes the events, Redis gets the new entries, this process
 * forgets its board reads.
 */
async function publish(
  deps: SubmissionDeps,
  outcome: Extract<InsertOutcome, { kind: 'created' }>,
  week: WeekRow,
): Promise<void> {
  deps.wake();
  const seasonal = outcome.season ? seasonBoard(outcome.season) : null;
  try {
    await deps.boards.recordScore(outcome.score, weekBoard(week), outcome.row, seasonal);
    deps.repairs.done(outcome.boardWriteId);
  } catch (error) {
    // PostgreSQL has it; its boards are dropped once Redis answers, and rebuilt from there.
    deps.logger.warn({ err: error }, 'Redis boards not updated after a score; dropping them');
    deps.repairs.failed(outcome.boardWriteId);
  }
  deps.changed();
}

/**
 * A repeat answers as the first did, even when its own checks would fail now (the season has
 * ended since, the sessions service is down, ...); otherwise the error stands. Someone the
 * sessions service refused (not the session's owner) learns nothing of its score: a request
 * that failed before the game was read for its caller (a season not running, a name it may
 * not use) has the sessions service asked first whether the caller owns the session.
 */
async function answerAsTheFirstDid(
  deps: SubmissionDeps,
  sessionId: string,
  error: unknown,
  gameAsked: boolean,
): Promise<Submitted> {
  if (error instanceof Error && notTheOwner.has(error)) throw error;
  const existing = await deps.scores.bySession(sessionId).catch(() => undefined);
  if (!existing) throw error;
  if (!gameAsked) {
    try {
      await loadSession(deps, sessionId);
    } catch (refusal) {
      if (refusal instanceof Error && notTheOwner.has(refusal)) throw refusal;
      // Unavailable: as when the game itself could not be read, the stored answer stands.
    }
  }
  return submitted(existing);
}
