import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  AchievementAwarded,
  AdsChanged,
  LeaderboardUpdated,
  ScoreCreated,
  SessionFinished,
  SessionFlagged,
  UpdatePublished,
  UserDeleted,
  UserNamed,
  type MessageFns,
} from './gen/events/v1/events';

// Hand-written beside the generated code: the one place that says which NATS subject carries
// which message of proto/events/v1/events.proto, so producers, the relay's stream set-up and
// consumers cannot disagree on a subject or a payload shape.

/** What every event message has: its id (also the JetStream message id) and when it happened. */
export interface EventEnvelope {
  id: string;
  /** ISO 8601. */
  occurredAt: string;
}

export interface EventDefinition<T extends EventEnvelope> {
  /** Without the deployment's NATS_SUBJECT_PREFIX. */
  subject: string;
  /** The JetStream stream that stores it (named after the deployment's prefix as well). */
  stream: string;
  /** The generated message: its `toJSON` writes the payload, its `fromJSON` reads it. */
  type: MessageFns<T>;
}

// Infers each entry's message type, which a plain object literal would widen away.
const event = <T extends EventEnvelope>(definition: EventDefinition<T>) => definition;

/** Every NATS event, by name. */
export const EVENTS = {
  scoreCreated: event({ subject: 'scores.created', stream: 'SCORES', type: ScoreCreated }),
  leaderboardUpdated: event({
    subject: 'leaderboard.updated',
    stream: 'LEADERBOARD',
    type: LeaderboardUpdated,
  }),
  sessionFlagged: event({ subject: 'session.flagged', stream: 'SESSIONS', type: SessionFlagged }),
  sessionFinished: event({
    subject: 'session.finished',
    stream: 'SESSIONS',
    type: SessionFinished,
  }),
  adsChanged: event({ subject: 'ads.changed', stream: 'ADS', type: AdsChanged }),
  updatePublished: event({
    subject: 'updates.published',
    stream: 'UPDATES',
    type: UpdatePublished,
  }),
  achievementAwarded: event({
    subject: 'achievement.awarded',
    stream: 'ACHIEVEMENTS',
    type: AchievementAwarded,
  }),
  userDeleted: event({ subject: 'user.deleted', stream: 'USERS', type: UserDeleted }),
  userNamed: event({ subject: 'user.named', stream: 'USERS', type: UserNamed }),
};

export type EventName = keyof typeof EVENTS;
export type EventMessage<N extends EventName> =
  (typeof EVENTS)[N] extends EventDefinition<infer T> ? T : never;

// TypeScript cannot narrow the table's union of types by a generic name; the table pairs them.
const typeOf = <N extends EventName>(name: N) =>
  EVENTS[name].type as unknown as MessageFns<EventMessage<N>>;

/**
 * The JetStream streams of these events, for `ensureStreams`. A stream takes its events' whole
 * subject prefix (`scores.>`), as the streams were first made: deployed streams keep their
 * subjects, and a later event of the same prefix lands in its stream with no change to it.
 */
export function eventStreams(...names: EventName[]): { name: string; subjects: string[] }[] {
  const streams = new Map<string, Set<string>>();
  for (const name of names) {
    const { subject, stream } = EVENTS[name];
    const subjects = streams.get(stream) ?? new Set<string>();
    subjects.add(`${subject.slice(0, subject.indexOf('.'))}.>`);
    streams.set(stream, subjects);
  }
  return [...streams].map(([name, subjects]) => ({ name, subjects: [...subjects] }));
}

/**
 * A new event for the outbox: a fresh id, `occurredAt`, and as payload the message's JSON
 * mapping. `fromPartial` keeps only the message's fields (and turns null into absent), so a
 * wider object passed as `body` cannot leak a field the proto lacks.
 */
export function newEvent<N extends EventName>(
  name: N,
  body: Omit<EventMessage<N>, 'id' | 'occurredAt'>,
  occurredAt: Date = new Date(),
): { id: string; subject: string; payload: EventEnvelope & Record<string, unknown> } {
  const type = typeOf(name);
  const id = randomUUID();
  const message = type.fromPartial({ ...body, id, occurredAt: occurredAt.toISOString() } as never);
  return {
    id,
    subject: EVENTS[name].subject,
    payload: type.toJSON(message) as EventEnvelope & Record<string, unknown>,
  };
}

/**
 * Reads a received payload (parsed JSON, untrusted) as its message; null when it is not a JSON
 * object, cannot be read (`fromJSON` coerces values, and throws on some objects), or lacks its
 * id or occurredAt. Fields the message lacks are ignored; a consumer still checks the lengths
 * and ranges of the fields it uses.
 */
export function decodeEvent<N extends EventName>(
  name: N,
  payload: unknown,
): EventMessage<N> | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  let message: EventMessage<N>;
  try {
    message = typeOf(name).fromJSON(payload);
  } catch {
    return null;
  }
  return message.id && message.occurredAt ? message : null;
}

/**
 * Why a published event breaks the contract, or null when it keeps it: its subject must be in
 * EVENTS and its payload exactly its message's JSON mapping. Reading the payload with
 * `fromJSON` and writing it back with `toJSON` drops any field the proto lacks (and rewrites a
 * value it would write differently), so the two differ. For the producers' tests.
 */
export function eventContractBreach(subject: string, payload: unknown): string | null {
  const definition = Object.values(EVENTS).find((e) => e.subject === subject);
  if (!definition) return `subject ${subject} is not in EVENTS`;
  const type = definition.type as MessageFns<unknown>;
  const canonical = type.toJSON(type.fromJSON(payload));
  if (isDeepStrictEqual(canonical, payload)) return null;
  return `${subject}: payload ${JSON.stringify(payload)} is not its message's JSON ${JSON.stringify(canonical)}`;
}
