import { writeOutbox, type Knex, type OutboxEvent } from '@ballmatch/platform';
import type { AdStatus } from '../domain/state';
import { AD_COLUMNS, adRecord, type AdKind, type AdRecord } from './rows';

export type { AdKind, AdRecord } from './rows';

export interface NewOrder {
  advertiserId: string;
  advertiserName: string;
  idempotencyKey: string;
  kind: AdKind;
  color: string;
  imageKey: string;
  destinationUrl: string;
  runDays: number;
  priceCents: number;
  currency: string;
  createdAt: Date;
}

/** What review and management change on an ad (absent: unchanged). */
export interface AdChange {
  status?: AdStatus;
  rejectionReason?: string;
  startsAt?: Date;
  endsAt?: Date;
  pausedAt?: Date | null;
}

export interface Payment {
  sessionId: string;
  paymentIntentId: string | null;
  amountCents: number;
  paidAt: Date;
}

export interface Refund {
  refundId: string;
  cents: number;
  at: Date;
}

export interface RevenueDay {
  day: string;
  revenueCents: number;
  refundedCents: number;
}

type Raw = Record<string, unknown>;

/** Queries on the ads schema's ads and orders. Writes that must be atomic take a transaction. */
export function createAdStore(db: Knex) {
  const joined = (q: Knex = db) =>
    q<Raw>({ a: 'ads' }).join({ o: 'orders' }, 'o.id', 'a.order_id').select(AD_COLUMNS);
  const one = async (query: Knex.QueryBuilder) => {
    const row = (await query.first()) as Raw | undefined;
    return row ? adRecord(row) : undefined;
  };

  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    /**
     * The order and its ad, or null when this advertiser already made an order with this key
     * (then read it with `byOrderKey`). Concurrent identical requests wait on the unique key:
     * exactly one inserts.
     */
    async insertOrder(order: NewOrder): Promise<AdRecord | null> {
      return db.transaction(async (trx) => {
        const [made] = (
          await trx.raw(
            `INSERT INTO orders (advertiser_id, idempotency_key, amount_cents, currency, created_at)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (advertiser_id, idempotency_key) DO NOTHING
           RETURNING id`,
            [
              order.advertiserId,
              order.idempotencyKey,
              order.priceCents,
              order.currency,
              order.createdAt,
            ],
          )
        ).rows as { id: string }[];
        if (!made) return null;
        const [ad] = await trx('ads')
          .insert({
            order_id: made.id,
            advertiser_id: order.advertiserId,
            advertiser_name: order.advertiserName,
            kind: order.kind,
            color: order.color,
            image_key: order.imageKey,
            destination_url: order.destinationUrl,
            run_days: order.runDays,
            created_at: order.createdAt,
            updated_at: order.createdAt,
          })
          .returning('id');
        return (await one(joined(trx).where('a.id', (ad as { id: string }).id)))!;
      });
    },

    byOrderKey: (advertiserId: string, idempotencyKey: string) =>
      one(joined().where({ 'o.advertiser_id': advertiserId, 'o.idempotency_key': idempotencyKey })),

    byId: (id: string, q?: Knex) => one(joined(q).where('a.id', id)),

    byOrderId: (orderId: string, q?: Knex) => one(joined(q).where('a.order_id', orderId)),

    /** The ad and its order, locked until the transaction ends: changes run one at a time. */
    lockById: (trx: Knex.Transaction, id: string) => one(joined(trx).where('a.id', id).forUpdate()),

    lockByOrderId: (trx: Knex.Transaction, orderId: string) =>
      one(joined(trx).where('a.order_id', orderId).forUpdate()),

    async change(trx: Knex, id: string, change: AdChange, at: Date): Promise<void> {
      await trx('ads')
        .where({ id })
        .update({
          ...(change.status !== undefined && { status: change.status }),
          ...(change.rejectionReason !== undefined && { rejection_reason: change.rejectionReason }),
          ...(change.startsAt !== undefined && { starts_at: change.startsAt }),
          ...(change.endsAt !== undefined && { ends_at: change.endsAt }),
          ...(change.pausedAt !== undefined && { paused_at: change.pausedAt }),
          updated_at: at,
        });
    },

    async setCheckout(
      trx: Knex,
      orderId: string,
      session: { id: string; url: string; expiresAt: Date },
    ): Promise<void> {
      await trx('orders').where({ id: orderId }).update({
        checkout_session_id: session.id,
        checkout_url: session.url,
        checkout_expires_at: session.expiresAt,
      });
    },

    /**
     * Awaiting payment → awaiting review, once: a conditional update, so however many callers
     * (webhook deliveries, success-page checks) race, one changes the row. True for that one.
     */
    async markPaid(trx: Knex, orderId: string, payment: Payment): Promise<boolean> {
      const changed = await trx('ads')
        .where({ order_id: orderId, status: 'awaiting_payment' })
        .update({ status: 'awaiting_review', updated_at: payment.paidAt });
      if (changed === 0) return false;
      await trx('orders').where({ id: orderId }).update({
        checkout_session_id: payment.sessionId,
        payment_intent_id: payment.paymentIntentId,
        paid_at: payment.paidAt,
        paid_cents: payment.amountCents,
      });
      return true;
    },

    /** Awaiting payment → payment failed (a failed or expired checkout); false otherwise. */
    async markPaymentFailed(trx: Knex, orderId: string, at: Date): Promise<boolean> {
      const changed = await trx('ads')
        .where({ order_id: orderId, status: 'awaiting_payment' })
        .update({ status: 'payment_failed', updated_at: at });
      return changed > 0;
    },

    async recordRefund(trx: Knex, orderId: string, refund: Refund): Promise<void> {
      await trx('orders').where({ id: orderId }).update({
        refund_id: refund.refundId,
        refunded_cents: refund.cents,
        refunded_at: refund.at,
      });
    },

    writeEvents: (trx: Knex, events: OutboxEvent[]) => writeOutbox(trx, events),

    /** One advertiser's ads, newest first. */
    async ofAdvertiser(advertiserId: string, limit: number): Promise<AdRecord[]> {
      const rows = await joined()
        .where('a.advertiser_id', advertiserId)
        .orderBy([
          { column: 'a.created_at', order: 'desc' },
          { column: 'a.id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map(adRecord);
    },

    /** Every ad (of one kind), newest first. */
    async list(filter: { kind: AdKind | null }, limit: number): Promise<AdRecord[]> {
      const query = joined();
      if (filter.kind) query.where('a.kind', filter.kind);
      const rows = await query
        .orderBy([
          { column: 'a.created_at', order: 'desc' },
          { column: 'a.id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map(adRecord);
    },

    /** Approved ads whose run is not over at `at`: what serving filters by the clock. */
    async approvedUntil(at: Date): Promise<AdRecord[]> {
      const rows = await joined()
        .where('a.status', 'approved')
        .where('a.ends_at', '>', at)
        .orderBy([
          { column: 'a.starts_at', order: 'asc' },
          { column: 'a.id', order: 'asc' },
        ]);
      return rows.map(adRecord);
    },

    /** Ads whose run or payment touches the days from `from` to `to` (inclusive, UTC). */
    async activeBetween(from: string, to: string, limit: number): Promise<AdRecord[]> {
      const rows = await joined()
        .whereNotNull('o.paid_at')
        .where((q) =>
          q
            .whereRaw("(o.paid_at AT TIME ZONE 'UTC')::date BETWEEN ?::date AND ?::date", [
              from,
              to,
            ])
            .orWhereRaw(
              "(a.starts_at AT TIME ZONE 'UTC')::date <= ?::date AND (a.ends_at AT TIME ZONE 'UTC')::date >= ?::date",
              [to, from],
            ),
        )
        .orderBy([
          { column: 'a.created_at', order: 'desc' },
          { column: 'a.id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map(adRecord);
    },

    /** Paid amounts on their paid day and refunds on their day, from `from` to `to` (UTC). */
    async revenueDays(from: string, to: string): Promise<RevenueDay[]> {
      const { rows } = (await db.raw(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(revenue)::bigint AS revenue,
                sum(refunded)::bigint AS refunded
           FROM (
             SELECT (paid_at AT TIME ZONE 'UTC')::date AS day, paid_cents AS revenue, 0 AS refunded
               FROM orders WHERE paid_at IS NOT NULL
             UNION ALL
             SELECT (refunded_at AT TIME ZONE 'UTC')::date, 0, refunded_cents
               FROM orders WHERE refunded_at IS NOT NULL
           ) money
          WHERE day BETWEEN ?::date AND ?::date
          GROUP BY day ORDER BY day`,
        [from, to],
      )) as { rows: { day: string; revenue: string; refunded: string }[] };
      return rows.map((r) => ({
        day: r.day,
        revenueCents: Number(r.revenue),
        refundedCents: Number(r.refunded),
      }));
    },
  };
}

export type AdStore = ReturnType<typeof createAdStore>;
