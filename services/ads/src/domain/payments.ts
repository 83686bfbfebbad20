import { AppError } from '@ballmatch/platform';
import Stripe from 'stripe';
import { z } from 'zod';

/**
 * A thin module over the real Stripe SDK: Checkout Sessions, refunds and webhook signatures,
 * with Stripe's shapes turned into the few fields this service reads. Every write carries an
 * idempotency key made from the order, so a retry or a race never charges or refunds twice.
 */

/** The part of a Checkout Session this service reads. */
export interface CheckoutSession {
  id: string;
  /** Where the buyer pays (null once the session is complete or expired). */
  url: string | null;
  /** 'open', 'complete' or 'expired'. */
  status: string | null;
  /** 'paid', 'unpaid' or 'no_payment_required'. */
  paymentStatus: string;
  expiresAt: Date;
  /** Ours, set at creation (`client_reference_id`). */
  orderId: string | null;
  paymentIntentId: string | null;
  amountTotal: number | null;
  currency: string | null;
}

/** A verified webhook event; `session` for the checkout.session.* events. */
export interface PaymentEvent {
  id: string;
  type: string;
  session: CheckoutSession | null;
}

export interface NewCheckout {
  orderId: string;
  amountCents: number;
  currency: string;
  /** What the buyer sees on Stripe's page. */
  description: string;
  successUrl: string;
  cancelUrl: string;
}

export interface Payments {
  createCheckout(checkout: NewCheckout): Promise<CheckoutSession>;
  retrieveCheckout(sessionId: string): Promise<CheckoutSession>;
  /** Refunds `amountCents` of the payment, once per `idempotencyKey`. */
  refund(refund: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ id: string; amountCents: number }>;
  /**
   * The event, if `signature` signs `payload` with the webhook secret within 300 s and the
   * payload has an event's shape (INVALID_ARGUMENT otherwise, saying which).
   */
  verifyEvent(payload: Buffer, signature: string): PaymentEvent;
}

export const PAYMENTS_UNAVAILABLE = 'Payment System Not Available';

/** Webhook signatures older than this are refused (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface PaymentsConfig {
  secretKey: string;
  /** Unset: every webhook delivery is refused. */
  webhookSecret?: string;
  /** Another API address (a local stand-in); unset: api.stripe.com. */
  apiBase?: string;
}

/**
 * The part of a webhook event this service reads, checked after the signature: a body Stripe
 * signed can still be no event (a bug, a test event, a future API version), and that is a 400
 * that changes nothing, never a 500. Strings Stripe never sends empty must not be.
 */
const required = z.string().min(1);
const checkoutSessionShape = z.object({
  id: required,
  url: z.string().nullish(),
  status: z.string().nullish(),
  payment_status: required,
  // Unix seconds that make a date (JavaScript's last one is in the year 275760).
  expires_at: z.number().int().nonnegative().max(8.64e12),
  client_reference_id: z.string().nullish(),
  payment_intent: z.union([required, z.object({ id: required })]).nullish(),
  amount_total: z.number().int().nonnegative().nullish(),
  currency: z.string().nullish(),
});
const eventShape = z.object({
  id: required.max(255),
  type: required,
  data: z.object({ object: z.looseObject({ object: required }) }),
});

const MALFORMED_EVENT = 'The event is not a Stripe event';

/** The event's shape checked, or INVALID_ARGUMENT saying which part is wrong. */
function checkedShape<S extends z.ZodType>(schema: S, value: unknown, at: string[]): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = [...at, ...issue.path.map(String)].join('.') || 'the body';
    throw new AppError('INVALID_ARGUMENT', `${MALFORMED_EVENT}: ${where}: ${issue.message}`, {
      field: 'payload',
    });
  }
  return result.data;
}

/** A Checkout Session as the SDK answers it, or as a webhook event's checked shape holds it. */
type SessionFields = z.infer<typeof checkoutSessionShape>;

function toSession(s: SessionFields): CheckoutSession {
  const intent = s.payment_intent;
  return {
    id: s.id,
    url: s.url ?? null,
    status: s.status ?? null,
    paymentStatus: s.payment_status,
    expiresAt: new Date(s.expires_at * 1000),
    orderId: s.client_reference_id ?? null,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountTotal: s.amount_total ?? null,
    currency: s.currency ?? null,
  };
}

/** Stripe unreachable or failing on its side: the caller may try again. */
function unavailable(error: unknown): never {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  ) {
    throw new AppError(
      'UNAVAILABLE',
      'The payment provider is unavailable. Please try again shortly.',
    );
  }
  throw error;
}

function stripeOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

/** Null when no secret key is configured: payments are then unavailable. */
export function createPayments(config: Partial<PaymentsConfig>): Payments | null {
  if (!config.secretKey) return null;
  const stripe = new Stripe(config.secretKey, stripeOptions(config.apiBase));
  const webhookSecret = config.webhookSecret;

  return {
    async createCheckout(checkout) {
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: 'payment',
            client_reference_id: checkout.orderId,
            metadata: { orderId: checkout.orderId },
            payment_intent_data: { metadata: { orderId: checkout.orderId } },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: checkout.currency,
                  unit_amount: checkout.amountCents,
                  product_data: { name: checkout.description },
                },
              },
            ],
            success_url: checkout.successUrl,
            cancel_url: checkout.cancelUrl,
          },
          { idempotencyKey: `checkout-${checkout.orderId}` },
        )
        .catch(unavailable);
      return toSession(session);
    },

    async retrieveCheckout(sessionId) {
      return toSession(await stripe.checkout.sessions.retrieve(sessionId).catch(unavailable));
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds
        .create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey })
        .catch(unavailable);
      return { id: refund.id, amountCents: refund.amount };
    },

    verifyEvent(payload, signature) {
      if (!webhookSecret) throw new AppError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);
      let parsed: unknown;
      try {
        parsed = stripe.webhooks.constructEvent(
          payload,
          signature,
          webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError('INVALID_ARGUMENT', 'Invalid signature', { field: 'signature' });
        }
        // Signed, but the SDK could not read it (not JSON, or not a webhook event at all).
        throw new AppError('INVALID_ARGUMENT', `${MALFORMED_EVENT}: the body is not JSON`, {
          field: 'payload',
        });
      }
      const event = checkedShape(eventShape, parsed, []);
      const object = event.data.object;
      return {
        id: event.id,
        type: event.type,
        session:
          object.object === 'checkout.session'
            ? toSession(checkedShape(checkoutSessionShape, object, ['data', 'object']))
            : null,
      };
    },
  };
}
