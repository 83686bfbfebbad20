import type { KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from './errors';
import type { PublicKeys } from './jwt';

/**
 * A finished ranked game's result as the sessions service vouches for it: signed once, when the
 * game ends, with sessions' service key (service-identity.ts), and checked by the scores service
 * with sessions' public keys alone, so a submission needs no call back to sessions. A compact
 * JWS (EdDSA), readable by anyone who holds it: it carries nothing secret.
 */
export interface GameResult {
  /** The session (and its game). */
  sessionId: string;
  /** The account that started the game; null for a guest's (the token is its own proof). */
  userId: string | null;
  score: number;
  level: number;
  moves: number;
  /** The longest run of one colour the game cleared (an achievement's figure). */
  largestRun: number;
  startedAt: Date;
  finishedAt: Date;
  /** The server's timing rules or an admin had flagged the session when the game ended. */
  suspicious: boolean;
}

const ISSUER = 'sessions';
const AUDIENCE = 'scores';
const TYPE = 'game-result+jwt';
/** A result is taken up to a week after the game's end. */
export const GAME_RESULT_LIFETIME_MS = 7 * 86_400_000;

/** The longest token accepted (ours are about 450 characters). */
export const MAX_GAME_RESULT_LENGTH = 2000;

const claims = z.object({
  typ: z.literal('game-result'),
  sub: z.string().min(1).max(100),
  uid: z.string().min(1).max(100).nullable(),
  score: z.number().int().min(0),
  level: z.number().int().min(1),
  moves: z.number().int().min(0),
  run: z.number().int().min(0),
  startedAt: z.number().int(),
  finishedAt: z.number().int(),
  suspicious: z.boolean(),
});

/** Signs a result; it expires GAME_RESULT_LIFETIME_MS after the game's end. */
export function signGameResult(privateKey: KeyObject, result: GameResult): Promise<string> {
  const finishedAt = result.finishedAt.getTime();
  return new SignJWT({
    typ: 'game-result',
    uid: result.userId,
    score: result.score,
    level: result.level,
    moves: result.moves,
    run: result.largestRun,
    startedAt: result.startedAt.getTime(),
    finishedAt,
    suspicious: result.suspicious,
  } satisfies Omit<z.infer<typeof claims>, 'sub'>)
    .setProtectedHeader({ alg: 'EdDSA', typ: TYPE })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(result.sessionId)
    .setIssuedAt(Math.floor(finishedAt / 1000))
    .setExpirationTime(Math.floor((finishedAt + GAME_RESULT_LIFETIME_MS) / 1000))
    .sign(privateKey);
}

const notAResult = () =>
  new AppError('INVALID_ARGUMENT', 'result is not a game result signed by this site', {
    field: 'result',
  });

/** A result as its token says it, and until when it may be submitted. */
export interface SignedGameResult {
  result: GameResult;
  expiresAt: Date;
}

/**
 * What a token says, checked against sessions' public keys (several while one is rotated):
 * signature, issuer, audience, type and claims, but not yet its expiry (a caller may answer an
 * expired result's owner what was already stored). A token that is not one of ours, or was
 * altered, is INVALID_ARGUMENT on `result`.
 */
export async function readGameResult(token: string, keys: PublicKeys): Promise<SignedGameResult> {
  if (token.length > MAX_GAME_RESULT_LENGTH) throw notAResult();
  for (const key of keys) {
    let payload;
    try {
      // Expiry is checked apart (gameResultMustBeFresh): the epoch as "now" leaves it out.
      ({ payload } = await jwtVerify(token, key, {
        algorithms: ['EdDSA'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: TYPE,
        requiredClaims: ['exp'],
        currentDate: new Date(0),
      }));
    } catch {
      continue; // the next key, while one is rotated
    }
    const read = claims.safeParse(payload);
    if (!read.success) throw notAResult();
    const c = read.data;
    return {
      result: {
        sessionId: c.sub,
        userId: c.uid,
        score: c.score,
        level: c.level,
        moves: c.moves,
        largestRun: c.run,
        startedAt: new Date(c.startedAt),
        finishedAt: new Date(c.finishedAt),
        suspicious: c.suspicious,
      },
      expiresAt: new Date(payload.exp! * 1000),
    };
  }
  throw notAResult();
}

/** An expired result (7 days after its game ended, by `now`) is FAILED_PRECONDITION. */
export function gameResultMustBeFresh(signed: SignedGameResult, now: Date): void {
  if (now.getTime() >= signed.expiresAt.getTime()) {
    throw new AppError(
      'FAILED_PRECONDITION',
      'This game ended more than 7 days ago: its score can no longer be submitted',
      { field: 'result' },
    );
  }
}

/** The result a token vouches for at `now`: readGameResult, then gameResultMustBeFresh. */
export async function verifyGameResult(
  token: string,
  keys: PublicKeys,
  now: Date,
): Promise<GameResult> {
  const signed = await readGameResult(token, keys);
  gameResultMustBeFresh(signed, now);
  return signed.result;
}
