import { decodeEvent, EVENTS } from '@ballmatch/proto';
import type { Channel } from './protocol';

// The NATS events this service fans out, read with the generated types of
// proto/events/v1/events.proto (`decodeEvent`: the generated `fromJSON`). Events come from our
// own services, but a bad publisher must not be able to push junk to every socket, so what
// goes out is bounded here; anything else is logged and dropped.

/** The subjects this service subscribes to. */
export const SUBJECTS = [
  EVENTS.scoreCreated.subject,
  EVENTS.leaderboardUpdated.subject,
  EVENTS.updatePublished.subject,
  EVENTS.achievementAwarded.subject,
];

/** Largest event read; ours are a few hundred bytes. A bigger one is dropped before parsing. */
export const MAX_EVENT_BYTES = 16 * 1024;

const MAX_ID = 100;
const MAX_NAME = 100;
/** The content service's longest title. */
const MAX_TITLE = 200;
const MAX_DATE = 40;
/** Auth's badge names and descriptions are short sentences. */
const MAX_BADGE_TEXT = 200;
const BOARDS = new Set(['all-time', 'weekly', 'seasonal']);

const text = (value: string, max: number) => value.length > 0 && value.length <= max;
const whole = (value: number) => Number.isSafeInteger(value);

export interface Fanout {
  /** The event id, for de-duplication. */
  eventId: string;
  channel: Channel;
  /** For a player channel: the one player whose sockets get it. */
  userId?: string;
  data: unknown;
}

/** What one event sends: one message, or (an accepted score) its own and each board's. */
export type EventReading = { ok: true; fanouts: Fanout[] } | { ok: false; error: string };

const refused = (error: string): EventReading => ({ ok: false, error });

/**
 * A board's change on the leaderboard channel (its own leaderboard.updated, or one of the
 * boards an accepted score's scores.created names; `eventId` tells each apart for
 * de-duplication). The JSON mapping leaves an absent boardId (all-time) out; clients get null
 * (docs/api.md).
 */
function boardFanout(
  eventId: string,
  board: string,
  boardId: string | undefined,
  playerName: string,
): Fanout {
  return {
    eventId,
    channel: 'leaderboard',
    data: { action: 'leaderboard_updated', board, boardId: boardId ?? null, playerName },
  };
}

/** Turns one event into what goes out on a channel: the fields docs/api.md shows, nothing else. */
export function readEvent(subject: string, payload: unknown): EventReading {
  if (subject === EVENTS.scoreCreated.subject) {
    const event = decodeEvent('scoreCreated', payload);
    if (!event || !text(event.id, MAX_ID) || !text(event.occurredAt, MAX_DATE)) {
      return refused('no event id or occurredAt');
    }
    const score = event.score;
    if (!score || !text(score.id, MAX_ID) || !text(score.createdAt, MAX_DATE)) {
      return refused('no score with an id and createdAt');
    }
    if (score.playerName.length > MAX_NAME || !whole(score.score) || !whole(score.level)) {
      return refused('score out of bounds');
    }
    const { id, playerName, level, createdAt } = score;
    if (event.boards.length > BOARDS.size) return refused('too many boards');
    const boards: Fanout[] = [];
    for (const { board, boardId } of event.boards) {
      if (!BOARDS.has(board)) return refused(`unknown board ${board.slice(0, 40)}`);
      if ((boardId ?? '').length > MAX_ID) return refused('board id too long');
      boards.push(boardFanout(`${event.id}:${board}`, board, boardId, playerName));
    }
    return {
      ok: true,
      fanouts: [
        {
          eventId: event.id,
          channel: 'scores',
          data: {
            action: 'new_score',
            score: { id, playerName, score: score.score, level, createdAt },
          },
        },
        // An accepted score's boards: each one's message, as a leaderboard.updated would send.
        ...boards,
      ],
    };
  }
  if (subject === EVENTS.leaderboardUpdated.subject) {
    const event = decodeEvent('leaderboardUpdated', payload);
    if (!event || !text(event.id, MAX_ID) || !text(event.occurredAt, MAX_DATE)) {
      return refused('no event id or occurredAt');
    }
    const { board, boardId, playerName } = event;
    if (!BOARDS.has(board)) return refused(`unknown board ${board.slice(0, 40)}`);
    if ((boardId ?? '').length > MAX_ID || playerName.length > MAX_NAME) {
      return refused('board id or player name too long');
    }
    return { ok: true, fanouts: [boardFanout(event.id, board, boardId, playerName)] };
  }
  if (subject === EVENTS.updatePublished.subject) {
    const event = decodeEvent('updatePublished', payload);
    if (!event || !text(event.id, MAX_ID) || !text(event.occurredAt, MAX_DATE)) {
      return refused('no event id or occurredAt');
    }
    const { updateId, title, publishedAt } = event;
    if (!text(updateId, MAX_ID) || !text(publishedAt, MAX_DATE)) {
      return refused('no update id or publish date');
    }
    if (Array.from(title).length > MAX_TITLE) return refused('title too long');
    return {
      ok: true,
      fanouts: [
        {
          eventId: event.id,
          channel: 'updates',
          // The page's 'NEW' badge: an update it has not read (docs/api.md).
          data: {
            action: 'update_published',
            update: { id: updateId, title, publishDate: publishedAt },
          },
        },
      ],
    };
  }
  if (subject === EVENTS.achievementAwarded.subject) {
    const event = decodeEvent('achievementAwarded', payload);
    if (!event || !text(event.id, MAX_ID) || !text(event.occurredAt, MAX_DATE)) {
      return refused('no event id or occurredAt');
    }
    const { userId, badge, name, description, awardedAt } = event;
    if (!text(userId, MAX_ID) || !text(badge, MAX_ID) || !text(awardedAt, MAX_DATE)) {
      return refused('no user, badge or award date');
    }
    if (!text(name, MAX_BADGE_TEXT) || description.length > MAX_BADGE_TEXT) {
      return refused('badge name or description out of bounds');
    }
    return {
      ok: true,
      fanouts: [
        {
          eventId: event.id,
          channel: 'achievements',
          userId,
          // The toast of the player who won it (docs/api.md); never their account id.
          data: {
            action: 'achievement_awarded',
            achievement: { id: badge, name, description, awardedAt },
          },
        },
      ],
    };
  }
  return refused(`no channel for subject ${subject}`);
}
