import { z } from 'zod';

/**
 * One action of a ranked game as a client sends it, `{seq, action}` (docs/api.md 'Ranked
 * games'): the body of `POST /api/player-sessions/{id}/actions` at the gateway and the same
 * fields of an `action` message on the sessions service's game socket, so both refuse the same
 * input with the same messages. Numbers stop at int32, what the proto fields carry.
 */
const INT32 = 2 ** 31 - 1;
const coordinate = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int({ error: `${field} must be a whole number` })
    .min(-INT32, { error: `${field} is out of range` })
    .max(INT32, { error: `${field} is out of range` });
const cell = (field: string) =>
  z.object(
    { x: coordinate(`${field}.x`), y: coordinate(`${field}.y`) },
    { error: `${field} must be a cell {x, y}` },
  );

export const gameActionBody = z.object({
  seq: z
    .number({ error: 'seq must be a whole number' })
    .int({ error: 'seq must be a whole number' })
    .min(0, { error: 'seq must be a whole number' })
    .max(INT32, { error: 'seq is out of range' }),
  action: z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('swap'), from: cell('from'), to: cell('to') }),
      z.object({ type: z.literal('reset') }),
      z.object({ type: z.literal('extraMoves') }),
      z.object({ type: z.literal('end') }),
    ],
    { error: "action must be {type: 'swap', from, to}, {type: 'reset'}, 'extraMoves' or 'end'" },
  ),
});

export type GameActionBody = z.infer<typeof gameActionBody>;
