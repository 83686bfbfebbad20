// The game log: what the player did, in order, with the client's timestamps. In memory it is a
// list of typed entries; on the wire it is a compact JSON object (documented in docs/api.md
// '## Game log wire format'). Decoding treats its input as hostile: it checks every shape and
// size and answers with a clear error instead of throwing.
import { cellAt, isInside } from './board';
import { GRID_COLUMNS, GRID_ROWS } from './constants';
import type { Cell } from './types';

export interface SwapEntry {
  type: 'swap';
  from: Cell;
  to: Cell;
  /** Client time in whole milliseconds, from a clock that never goes backwards. */
  at: number;
}

export interface ResetEntry {
  type: 'reset';
  at: number;
}

export interface ExtraMovesEntry {
  type: 'extraMoves';
  at: number;
}

export type GameLogEntry = SwapEntry | ResetEntry | ExtraMovesEntry;
export type GameLog = GameLogEntry[];

/** `[action, gap]`: the action code and the milliseconds since the previous entry (or t0). */
export type WireEntry = [number, number];

export interface WireGameLog {
  /** Format version. */
  v: typeof LOG_FORMAT_VERSION;
  /** Timestamp of the first entry (0 for an empty log). */
  t0: number;
  e: WireEntry[];
}

export type DecodeResult = { ok: true; log: GameLog } | { ok: false; error: string };

export const LOG_FORMAT_VERSION = 1;
/** Far above any real game (a level-20 player has made about 500 moves); bounds server work. */
export const MAX_LOG_ENTRIES = 10_000;
/** Longest JSON text parseGameLog reads: every entry at its longest, plus room. */
export const MAX_LOG_JSON_LENGTH = 256 * 1024;
/** Longest gap between two entries: about 24.8 days. */
export const MAX_LOG_GAP_MS = 2_147_483_647;

const CELL_COUNT = GRID_COLUMNS * GRID_ROWS;
/** Swap codes are cell * 4 + direction, direction 0 up, 1 right, 2 down, 3 left. */
const DIRECTIONS: readonly Cell[] = [
  { x: 0, y: -1 },
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
];
export const RESET_CODE = CELL_COUNT * 4;
export const EXTRA_MOVES_CODE = RESET_CODE + 1;

function swapCode(entry: SwapEntry): number {
  const dx = entry.to.x - entry.from.x;
  const dy = entry.to.y - entry.from.y;
  const direction = DIRECTIONS.findIndex((d) => d.x === dx && d.y === dy);
  if (direction < 0 || !isInside(entry.from)) {
    throw new RangeError('encodeGameLog: a swap must start on the board and reach a neighbour');
  }
  return (entry.from.y * GRID_COLUMNS + entry.from.x) * 4 + direction;
}

/** An entry's action code in the wire form (what a server stores per action). */
export function actionCode(entry: GameLogEntry): number {
  switch (entry.type) {
    case 'swap':
      return swapCode(entry);
    case 'reset':
      return RESET_CODE;
    case 'extraMoves':
      return EXTRA_MOVES_CODE;
    default:
      throw new RangeError('encodeGameLog: unknown entry type');
  }
}

/**
 * The wire form of a log. Timestamps are rounded to whole milliseconds; a clock that went
 * backwards is written as a 0 ms gap, since the wire form only carries forward gaps.
 * Throws RangeError on entries no live game can produce (a swap to a non-neighbour).
 */
export function encodeGameLog(log: readonly GameLogEntry[]): WireGameLog {
  const e: WireEntry[] = [];
  const t0 = log.length > 0 ? Math.max(0, Math.round(log[0].at)) : 0;
  let previous = t0;
  for (const entry of log) {
    if (!Number.isFinite(entry.at)) throw new RangeError('encodeGameLog: `at` must be finite');
    const at = Math.max(previous, Math.round(entry.at));
    e.push([actionCode(entry), at - previous]);
    previous = at;
  }
  return { v: LOG_FORMAT_VERSION, t0, e };
}

/** The entry an action code stands for, at time `at`. */
export function entryFromCode(code: number, at: number): GameLogEntry {
  if (code === RESET_CODE) return { type: 'reset', at };
  if (code === EXTRA_MOVES_CODE) return { type: 'extraMoves', at };
  const from = cellAt(code >> 2);
  const direction = DIRECTIONS[code & 3];
  // The target may be off the board (a swap up from row 0): replay rejects it as outOfBounds.
  return { type: 'swap', from, to: { x: from.x + direction.x, y: from.y + direction.y }, at };
}

function isWholeNumber(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
}

function decodeChecked(input: unknown): DecodeResult {
  const fail = (error: string): DecodeResult => ({
    ok: false,
    error: `Invalid game log: ${error}`,
  });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('expected an object {"v":1,"t0":...,"e":[...]}');
  }
  const record = input as Record<string, unknown>;
  const keys = Object.keys(record);
  const unknownKey = keys.find((key) => key !== 'v' && key !== 't0' && key !== 'e');
  if (unknownKey !== undefined) return fail(`unknown field "${unknownKey.slice(0, 20)}"`);
  if (record.v !== LOG_FORMAT_VERSION) return fail(`"v" must be ${LOG_FORMAT_VERSION}`);
  const t0 = record.t0;
  if (!isWholeNumber(t0, Number.MAX_SAFE_INTEGER)) {
    return fail('"t0" must be a whole number of milliseconds, 0 or more');
  }
  const wireEntries = record.e;
  if (!Array.isArray(wireEntries)) return fail('"e" must be an array');
  if (wireEntries.length > MAX_LOG_ENTRIES) {
    return fail(`"e" has ${wireEntries.length} entries; at most ${MAX_LOG_ENTRIES} are accepted`);
  }
  const log: GameLog = [];
  let at = t0;
  for (let i = 0; i < wireEntries.length; i++) {
    const pair: unknown = wireEntries[i];
    if (!Array.isArray(pair) || pair.length !== 2) {
      return fail(`e[${i}] must be a pair [action, gap]`);
    }
    const [code, gap] = pair as unknown[];
    if (!isWholeNumber(code, EXTRA_MOVES_CODE)) {
      return fail(`e[${i}][0] (action) must be a whole number from 0 to ${EXTRA_MOVES_CODE}`);
    }
    if (!isWholeNumber(gap, MAX_LOG_GAP_MS)) {
      return fail(
        `e[${i}][1] (gap) must be a whole number of milliseconds from 0 to ${MAX_LOG_GAP_MS}`,
      );
    }
    at += gap;
    if (at > Number.MAX_SAFE_INTEGER) return fail(`e[${i}] puts the time beyond the safe range`);
    log.push(entryFromCode(code, at));
  }
  return { ok: true, log };
}

/** Decodes an untrusted wire log (already parsed from JSON). Never throws. */
export function decodeGameLog(input: unknown): DecodeResult {
  try {
    return decodeChecked(input);
  } catch {
    // Only exotic non-JSON input (a Proxy, a throwing getter) gets here.
    return { ok: false, error: 'Invalid game log: unreadable input' };
  }
}

/** Parses and decodes an untrusted JSON text of a wire log. Never throws. */
export function parseGameLog(text: unknown): DecodeResult {
  if (typeof text !== 'string') return { ok: false, error: 'Invalid game log: expected JSON text' };
  if (text.length > MAX_LOG_JSON_LENGTH) {
    return { ok: false, error: `Invalid game log: longer than ${MAX_LOG_JSON_LENGTH} characters` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Invalid game log: not valid JSON' };
  }
  return decodeGameLog(parsed);
}
