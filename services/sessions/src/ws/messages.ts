import {
  AppError,
  gameActionBody,
  httpStatusOf,
  isUuid,
  parseBody,
  toAppError,
} from '@ballmatch/platform';
import type { ActionAnswer, GameView, PlayerAction } from '../domain/games';

/**
 * The game socket's messages (docs/api.md 'Ranked games over the game socket'): JSON text
 * frames. The action's fields are checked by the same schema as the gateway's HTTP route, so
 * both refuse the same input with the same messages and statuses.
 */

/** A client's `action` message, checked. */
export interface ActionMessage {
  session: string;
  seq: number;
  action: PlayerAction;
  /** The session's credential ('' when the socket's signed-in player started the game). */
  credential: string;
}

/** What an error frame names of the message it answers: whatever of it was readable. */
export interface Echo {
  session: string | null;
  seq: number | null;
}

/** A message refused before it reached the game, with what it named. */
export class MessageError extends Error {
  constructor(
    readonly error: AppError,
    readonly echo: Echo,
  ) {
    super(error.message);
  }
}

/** A credential is 32 characters; anything far longer is not one. */
const MAX_CREDENTIAL = 200;

const bad = (message: string, field?: string) =>
  new AppError('INVALID_ARGUMENT', message, field ? { field } : {});

function echoOf(message: Record<string, unknown>): Echo {
  const { session, seq } = message;
  return {
    session: typeof session === 'string' && isUuid(session) ? session : null,
    seq: typeof seq === 'number' && Number.isInteger(seq) && seq >= 0 ? seq : null,
  };
}

/** Parses a text frame into an action; throws MessageError with a 400 (or 413) otherwise. */
export function parseMessage(text: string): ActionMessage {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    throw new MessageError(bad('Malformed JSON message'), { session: null, seq: null });
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    throw new MessageError(bad('Message must be a JSON object'), { session: null, seq: null });
  }
  const fields = message as Record<string, unknown>;
  const echo = echoOf(fields);
  if (fields.type !== 'action') {
    throw new MessageError(bad("type must be 'action'", 'type'), echo);
  }
  // The echo holds the session only when it is a session id: checked once.
  const { session } = echo;
  if (session === null) {
    throw new MessageError(bad('session must be a session id (UUID)', 'session'), echo);
  }
  const { credential } = fields;
  if (credential !== undefined && typeof credential !== 'string') {
    throw new MessageError(bad('credential must be text', 'credential'), echo);
  }
  if (typeof credential === 'string' && credential.length > MAX_CREDENTIAL) {
    throw new MessageError(bad('credential is too long', 'credential'), echo);
  }
  try {
    const { seq, action } = parseBody(gameActionBody, fields);
    return { session, seq, action, credential: credential ?? '' };
  } catch (error) {
    throw new MessageError(toAppError(error), echo);
  }
}

/** `{"type":"answer",...}`: the answer is exactly the HTTP route's body. */
export function answerFrame(message: ActionMessage, answer: ActionAnswer): string {
  return JSON.stringify({
    type: 'answer',
    session: message.session,
    seq: message.seq,
    answer,
  });
}

/** `{"type":"ack",...}`: a resent action already applied with the same code (its answer the page has). */
export function ackFrame(message: ActionMessage, durableSeq: number): string {
  return JSON.stringify({ type: 'ack', session: message.session, seq: message.seq, durableSeq });
}

/** `{"type":"durable",...}`: the game's actions are committed up to `durableSeq` (its count). */
export function durableFrame(session: string, durableSeq: number): string {
  return JSON.stringify({ type: 'durable', session, durableSeq });
}

/**
 * `{"type":"stale",...}`: the game as its log has it, when the page's actions and the log's
 * differ at a place (two processes played it): the page redraws from it and drops its resends.
 */
export function staleFrame(session: string, game: GameView): string {
  return JSON.stringify({ type: 'stale', session, game });
}

/**
 * `{"type":"error",...}`: the status, message and field the HTTP route would answer (by the
 * platform's one map; `status` only for what the map has no code for: 413, a message too large).
 */
export function errorFrame(echo: Echo, error: AppError, status = httpStatusOf(error)): string {
  const { field } = error.details;
  return JSON.stringify({
    type: 'error',
    session: echo.session,
    seq: echo.seq,
    status,
    message: error.message,
    ...(field ? { field } : {}),
  });
}
