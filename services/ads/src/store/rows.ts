/**
 * The records the store hands up (camelCase, numbers as numbers) and how PostgreSQL's rows
 * become them. Only the store knows column names.
 */
import type { AdStatus } from '../domain/state';

export type AdKind = 'ball' | 'banner';

/** An ad with its order: every read joins the two (one order pays for one ad). */
export interface AdRecord {
  id: string;
  orderId: string;
  advertiserId: string;
  advertiserName: string;
  kind: AdKind;
  /** '' for a banner. */
  color: string;
  imageKey: string;
  destinationUrl: string;
  runDays: number;
  status: AdStatus;
  rejectionReason: string;
  startsAt: Date | null;
  endsAt: Date | null;
  pausedAt: Date | null;
  createdAt: Date;
  // The order's part.
  idempotencyKey: string;
  priceCents: number;
  currency: string;
  checkoutSessionId: string | null;
  checkoutUrl: string | null;
  checkoutExpiresAt: Date | null;
  paymentIntentId: string | null;
  paidAt: Date | null;
  paidCents: number;
  refundedCents: number;
  refundedAt: Date | null;
}

type Raw = Record<string, unknown>;

export const AD_COLUMNS = [
  'a.id',
  'a.order_id',
  'a.advertiser_id',
  'a.advertiser_name',
  'a.kind',
  'a.color',
  'a.image_key',
  'a.destination_url',
  'a.run_days',
  'a.status',
  'a.rejection_reason',
  'a.starts_at',
  'a.ends_at',
  'a.paused_at',
  'a.created_at',
  'o.idempotency_key',
  'o.amount_cents',
  'o.currency',
  'o.checkout_session_id',
  'o.checkout_url',
  'o.checkout_expires_at',
  'o.payment_intent_id',
  'o.paid_at',
  'o.paid_cents',
  'o.refunded_cents',
  'o.refunded_at',
];

const date = (value: unknown) => (value as Date | null) ?? null;
const text = (value: unknown) => (value as string | null) ?? null;

export function adRecord(raw: Raw): AdRecord {
  return {
    id: String(raw.id),
    orderId: String(raw.order_id),
    advertiserId: String(raw.advertiser_id),
    advertiserName: String(raw.advertiser_name),
    kind: raw.kind as AdKind,
    color: String(raw.color),
    imageKey: String(raw.image_key),
    destinationUrl: String(raw.destination_url),
    runDays: Number(raw.run_days),
    status: raw.status as AdStatus,
    rejectionReason: String(raw.rejection_reason),
    startsAt: date(raw.starts_at),
    endsAt: date(raw.ends_at),
    pausedAt: date(raw.paused_at),
    createdAt: raw.created_at as Date,
    idempotencyKey: String(raw.idempotency_key),
    // bigint arrives as text.
    priceCents: Number(raw.amount_cents),
    currency: String(raw.currency),
    checkoutSessionId: text(raw.checkout_session_id),
    checkoutUrl: text(raw.checkout_url),
    checkoutExpiresAt: date(raw.checkout_expires_at),
    paymentIntentId: text(raw.payment_intent_id),
    paidAt: date(raw.paid_at),
    paidCents: Number(raw.paid_cents),
    refundedCents: Number(raw.refunded_cents),
    refundedAt: date(raw.refunded_at),
  };
}
