// The WebSocket protocol of docs/api.md, 'Realtime (/ws)': subscribe, ping and their answers,
// plus `unsubscribe` and `error`. Timestamps are milliseconds since the epoch.

export const CHANNELS = ['scores', 'leaderboard', 'updates', 'achievements'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Channels of one player: only their own signed-in sockets subscribe, and hear their events. */
export const PLAYER_CHANNELS: ReadonlySet<Channel> = new Set(['achievements']);

export const SIGN_IN_TO_SUBSCRIBE = 'Sign in to subscribe to achievements';

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

export type ClientMessage =
  | { type: 'subscribe'; channel: Channel }
  | { type: 'unsubscribe'; channel: Channel }
  | { type: 'ping'; timestamp?: unknown };

export type ServerMessage =
  | { type: 'connection'; status: 'connected'; timestamp: number }
  | {
      type: 'subscription';
      channel: Channel;
      status: 'subscribed' | 'unsubscribed';
      timestamp: number;
    }
  | { type: 'update'; channel: Channel; data: unknown; timestamp: number }
  | { type: 'pong'; timestamp: number }
  | { type: 'error'; message: string; timestamp: number };

export type ParsedClientMessage =
  { ok: true; message: ClientMessage } | { ok: false; error: string };

const MAX_SHOWN = 40;

/** A short, printable excerpt of what the client sent, for error messages and logs. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const clean = (text ?? String(value)).replace(/[^\x20-\x7e]/g, '?');
  return clean.length > MAX_SHOWN ? `${clean.slice(0, MAX_SHOWN)}…` : clean;
}

/** Reads one text frame from a client; never throws. */
export function parseClientMessage(raw: string): ParsedClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'Message is not valid JSON' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'Message must be a JSON object with a type' };
  }
  const { type, channel, timestamp } = value as Record<string, unknown>;
  switch (type) {
    case 'subscribe':
    case 'unsubscribe':
      if (!isChannel(channel)) {
        return {
          ok: false,
          error:
            channel === undefined
              ? `${type} needs a channel (${CHANNELS.slice(0, -1).join(', ')} or ${CHANNELS.at(-1)})`
              : `Unknown channel: ${shown(channel)}`,
        };
      }
      return { ok: true, message: { type, channel } };
    case 'ping':
      return { ok: true, message: { type, timestamp } };
    default:
      return {
        ok: false,
        error: type === undefined ? 'Message has no type' : `Unknown message type: ${shown(type)}`,
      };
  }
}
