import { createOutboxTable, type Knex } from '@ballmatch/platform';

/**
 * Orders (what was bought and paid, with their Stripe ids), the ads they pay for (what is
 * reviewed and served), the Stripe events applied (each once) and the outbox of `ads.changed`.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      advertiser_id uuid NOT NULL,
      -- The browser's key for this purchase: a double click or a retry finds this order.
      idempotency_key text NOT NULL,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL,
      checkout_session_id text UNIQUE,
      checkout_url text,
      checkout_expires_at timestamptz,
      payment_intent_id text,
      paid_at timestamptz,
      paid_cents bigint NOT NULL DEFAULT 0,
      refund_id text,
      refunded_at timestamptz,
      refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents <= paid_cents),
      created_at timestamptz NOT NULL,
      UNIQUE (advertiser_id, idempotency_key)
    )`);
  // Revenue and refunds per day (admin statistics).
  await db.raw('CREATE INDEX orders_paid_idx ON orders (paid_at) WHERE paid_at IS NOT NULL');
  await db.raw(
    'CREATE INDEX orders_refunded_idx ON orders (refunded_at) WHERE refunded_at IS NOT NULL',
  );

  await db.raw(`
    CREATE TABLE ads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL UNIQUE REFERENCES orders (id),
      advertiser_id uuid NOT NULL,
      advertiser_name text NOT NULL DEFAULT '',
      kind text NOT NULL,
      color text NOT NULL DEFAULT '',
      image_key text NOT NULL,
      destination_url text NOT NULL,
      run_days integer NOT NULL CHECK (run_days > 0),
      -- The stored part of the state; scheduled, running and ended-by-time come from the clock
      -- (domain/state.ts).
      status text NOT NULL DEFAULT 'awaiting_payment',
      rejection_reason text NOT NULL DEFAULT '',
      starts_at timestamptz,
      ends_at timestamptz,
      paused_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CONSTRAINT ads_kind_check CHECK (
        (kind = 'ball' AND color IN ('orange', 'yellow', 'blue', 'red', 'green', 'purple'))
        OR (kind = 'banner' AND color = '')),
      CONSTRAINT ads_status_check CHECK (status IN ('awaiting_payment', 'payment_failed',
        'awaiting_review', 'approved', 'paused', 'ended', 'rejected')),
      CONSTRAINT ads_run_check CHECK (
        (starts_at IS NULL) = (ends_at IS NULL) AND (starts_at IS NULL OR ends_at >= starts_at)),
      CONSTRAINT ads_approved_check CHECK (
        (status IN ('approved', 'paused', 'ended')) = (starts_at IS NOT NULL)),
      CONSTRAINT ads_paused_check CHECK ((status = 'paused') = (paused_at IS NOT NULL))
    )`);
  await db.raw('CREATE INDEX ads_advertiser_idx ON ads (advertiser_id, created_at DESC, id DESC)');
  await db.raw('CREATE INDEX ads_created_idx ON ads (created_at DESC, id DESC)');
  // What serving reads: approved runs not over yet.
  await db.raw(
    "CREATE INDEX ads_serving_idx ON ads (kind, ends_at, starts_at, id) WHERE status = 'approved'",
  );

  // Each Stripe event applied, written in the transaction of its effect: a redelivery is seen.
  await db.raw(`
    CREATE TABLE stripe_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);

  await createOutboxTable(db);
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['outbox', 'stripe_events', 'ads', 'orders']) {
    await db.schema.dropTableIfExists(table);
  }
}
