import { z } from 'zod';
import { AppError, MAX_GAME_RESULT_LENGTH, parseBody } from '@ballmatch/platform';
import type { scoresV1 } from '@ballmatch/proto';
import type { GatewayDeps } from '../context';
import { readCache } from '../read-cache';
import { requiredText, wireInteger, type WireInteger } from '../validation';

/** JSON shapes of the scores service's answers (docs/api.md 'Scores and leaderboards'). */
export function scoreJson(s: scoresV1.Score | undefined) {
  return s
    ? {
        id: s.id,
        playerName: s.playerName,
        score: s.score,
        level: s.level,
        moves: s.moves,
        createdAt: s.createdAt,
      }
    : null;
}

export function boardJson(b: scoresV1.Week | scoresV1.Season) {
  return {
    id: b.id,
    name: b.name,
    isActive: b.isActive,
    startDate: b.startDate,
    endDate: b.endDate,
  };
}

export function weeklyRowJson(r: scoresV1.WeeklyRow | undefined) {
  return r
    ? {
        id: r.id,
        playerName: r.playerName,
        totalScore: r.totalScore,
        gamesPlayed: r.gamesPlayed,
        avgScore: r.avgScore,
        highestLevel: r.highestLevel,
        percentOfTotal: r.percentOfTotal,
      }
    : null;
}

/** Rank around me, flat: {rank, entry: {rank, ...row}, around: [{rank, ...row}]}. */
export function rankJson<T>(
  answer: { rank: number; entry?: T; around: T[] },
  flat: (item: T) => Record<string, unknown>,
) {
  return {
    rank: answer.rank,
    entry: answer.entry ? flat(answer.entry) : null,
    around: answer.around.map(flat),
  };
}

export const rankedScore = (r: scoresV1.RankedScore) => ({ rank: r.rank, ...scoreJson(r.score) });
export const rankedRow = (r: scoresV1.RankedWeeklyRow) => ({
  rank: r.rank,
  ...weeklyRowJson(r.row),
});

/**
 * A whole number field, 0 or more, that its proto field can carry: 'score is required',
 * 'score must be a whole number', 'level is out of range' (2^31 for an int32).
 */
export function wholeNumber(field: string, wire: WireInteger) {
  return wireInteger(field, wire).min(0, { error: `${field} must be a whole number, 0 or more` });
}

/**
 * A game's submission (all three endpoints): the claim about a finished server-held game, with
 * the game's `result` as sessions signed it (docs/api.md 'Submitting a game'), or without it
 * (the game is then read from the sessions service). sessionId may be missing here: the service
 * answers 422 with the contract's message. No log is taken (a `gameLog` sent by an older client
 * is ignored).
 */
export const submissionBody = z.object({
  playerName: requiredText('playerName', 200),
  score: wholeNumber('score', 'int64'),
  level: wholeNumber('level', 'int32'),
  moves: wholeNumber('moves', 'int32').nullish(),
  sessionId: z.string({ error: 'sessionId must be text' }).max(200).nullish(),
  result: z
    .string({ error: 'result must be text' })
    .max(MAX_GAME_RESULT_LENGTH, { error: 'result is not a game result signed by this site' })
    .nullish(),
});

/** The gRPC request for a parsed submission body. */
export function submitRequest(
  body: z.infer<typeof submissionBody>,
  seasonId?: string,
): scoresV1.SubmitScoreRequest {
  return {
    playerName: body.playerName,
    score: body.score,
    level: body.level,
    moves: body.moves ?? undefined,
    sessionId: body.sessionId ?? '',
    seasonId,
    result: body.result ?? '',
  };
}

/**
 * A submission's answer: the `Score`, its `reviewState` ('accepted', 'held', 'cleared',
 * 'rejected') and, when it is not on the boards, a `message` for the player.
 */
export function submissionJson(answer: scoresV1.SubmitScoreResponse) {
  return {
    ...scoreJson(answer.score),
    reviewState: answer.reviewState,
    ...(answer.message ? { message: answer.message } : {}),
  };
}

/**
 * A score's claim checked and submitted (to the season `seasonId` when given), then the cached
 * reads cleared: the answer's JSON.
 */
export async function submitClaim(deps: GatewayDeps, body: unknown, seasonId?: string) {
  const claim = parseBody(submissionBody, body);
  const call = deps.scores.submitScore(submitRequest(claim, seasonId));
  return submissionJson(await readCache(deps).afterWrite(call));
}

/** A score with its review (the admin's review queue). */
export function reviewedJson(r: scoresV1.ReviewedScore | undefined) {
  return r
    ? {
        score: scoreJson(r.score),
        sessionId: r.sessionId,
        reviewState: r.reviewState,
        heldReason: r.heldReason || null,
        heldAt: r.heldAt || null,
        reviewedAt: r.reviewedAt || null,
        reviewReason: r.reviewReason || null,
        reviewedBy: r.reviewedBy || null,
      }
    : null;
}

export function requiredQuery(value: unknown, field: string, max = 200): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new AppError('INVALID_ARGUMENT', `${field} is required`, { field });
  }
  if (value.length > max) {
    throw new AppError('INVALID_ARGUMENT', `${field} is too long`, { field });
  }
  if (/\p{Cc}/u.test(value)) {
    throw new AppError('INVALID_ARGUMENT', `${field} must not contain control characters`, {
      field,
    });
  }
  return value;
}
