import type { Knex } from '@ballmatch/platform';

/**
 * Records a Stripe event's id with the caller's transaction: true the first time, false for a
 * redelivery (then nothing of it may be applied again). A concurrent delivery of the same event
 * waits on the key and then sees it taken.
 */
export async function recordStripeEvent(trx: Knex, id: string, type: string): Promise<boolean> {
  const { rows } = (await trx.raw(
    'INSERT INTO stripe_events (id, type) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING id',
    [id, type],
  )) as { rows: unknown[] };
  return rows.length > 0;
}
