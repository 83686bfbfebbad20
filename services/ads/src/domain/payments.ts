import { AppError } from '@ballmatch/platform';
import Stripe from 'stripe';

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
  /** The event, if `signature` signs `payload` with the webhook secret within 300 s. */
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

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  const intent = s.payment_intent;
  return {
    id: s.id,
    url: s.url,
    status: s.status,
    paymentStatus: s.payment_status,
    expiresAt: new Date(s.expires_at * 1000),
    orderId: s.client_reference_id,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountTotal: s.amount_total,
    currency: s.currency,
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
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          payload,
          signature,
          webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch {
        throw new AppError('INVALID_ARGUMENT', 'Invalid signature', { field: 'signature' });
      }
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        session:
          object.object === 'checkout.session'
            ? toSession(object as unknown as Stripe.Checkout.Session)
            : null,
      };
    },
  };
}
