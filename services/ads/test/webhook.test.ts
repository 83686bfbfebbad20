import type { AppError } from '@ballmatch/platform';
import { httpStatusOf } from '@ballmatch/platform';
import fc from 'fast-check';
import { perFile } from '@ballmatch/platform/testing';
import { deliver, failure, orderAd, sessionOf, startAds } from './harness';

const harness = perFile(startAds);

/** An order whose session Stripe has marked paid, and the event saying so (not delivered). */
async function paidButUnannounced() {
  const stripe = harness.stripe!;
  const advertiser = await harness.newAdvertiser();
  const ad = await orderAd(advertiser);
  await advertiser.client.startCheckout({ orderId: ad.orderId });
  // Paid at Stripe, but the order is only read from the database here (no GetOrder retrieval).
  const session = stripe.markPaid(sessionOf(stripe, ad.orderId).id);
  const state = async () =>
    (await harness.admin.listAds({ kind: '', state: '' })).ads.find((a) => a.id === ad.id)!.state;
  return { event: stripe.event('checkout.session.completed', session), state };
}

describe('a webhook delivery that is not Stripe’s, as Stripe sent it, changes nothing', () => {
  const refused = async (signature: (payload: string) => string) => {
    const { event, state } = await paidButUnannounced();
    const error = await failure(deliver(harness, event, signature));
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'Invalid signature' });
    expect(httpStatusOf(error as AppError)).toBe(400);
    expect(await state()).toBe('awaiting_payment');
    // The same event, properly signed, still applies: nothing of it was recorded.
    expect((await deliver(harness, event)).applied).toBe(true);
    expect(await state()).toBe('awaiting_review');
  };

  it('forged: signed with another secret', () =>
    refused((p) => harness.stripe!.sign(p, { secret: 'whsec_not_the_one' })));

  it('stale: signed 10 minutes ago (replayed after the 300 s tolerance)', () =>
    refused((p) => harness.stripe!.sign(p, { timestamp: Math.floor(Date.now() / 1000) - 600 })));

  it('unsigned', () => refused(() => ''));

  it('signed over another body', () =>
    refused(() => harness.stripe!.sign(JSON.stringify({ id: 'evt_other' }))));
});

it('a replayed event (the same id again) is applied once', async () => {
  const { event, state } = await paidButUnannounced();
  const first = await deliver(harness, event);
  const copies = await Promise.all([1, 2].map(() => deliver(harness, event)));
  expect(first.applied).toBe(true);
  expect(copies.map((c) => c.applied)).toEqual([false, false]);
  expect(await state()).toBe('awaiting_review');
});

it('an event for an order whose amount differs from the session pays nothing', async () => {
  const { event, state } = await paidButUnannounced();
  const tampered = structuredClone(event) as typeof event & {
    data: { object: { amount_total: number } };
  };
  tampered.data.object.amount_total = 1;
  tampered.id = `${event.id}_tampered`;
  expect((await deliver(harness, tampered)).applied).toBe(true);
  expect(await state()).toBe('awaiting_payment');
});

it('an unpaid completion (a delayed payment method) waits for async_payment_succeeded', async () => {
  const stripe = harness.stripe!;
  const advertiser = await harness.newAdvertiser();
  const ad = await orderAd(advertiser);
  await advertiser.client.startCheckout({ orderId: ad.orderId });
  const open = sessionOf(stripe, ad.orderId);
  await deliver(
    harness,
    stripe.event('checkout.session.completed', { ...open, status: 'complete' }),
  );
  const listed = async () =>
    (await harness.admin.listAds({ kind: 'ball', state: '' })).ads.find((a) => a.id === ad.id)!;
  expect((await listed()).state).toBe('awaiting_payment');
  const paid = stripe.markPaid(open.id);
  await deliver(harness, stripe.event('checkout.session.async_payment_succeeded', paid));
  expect((await listed()).state).toBe('awaiting_review');
});

/**
 * What each part of an event (and of a Checkout Session inside one) accepts. A value it does
 * not accept, or the part left out where it is required, makes the event malformed.
 */
type Accepts = (value: unknown) => boolean;
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const text: Accepts = (v) => typeof v === 'string' && v.length > 0;
const orNull =
  (accepts: Accepts): Accepts =>
  (v) =>
    v === null || accepts(v);
const anyText: Accepts = (v) => typeof v === 'string';
const count: Accepts = (v) => Number.isSafeInteger(v) && (v as number) >= 0;
const EVENT_PARTS: { path: string[]; accepts: Accepts; optional?: boolean }[] = [
  { path: ['id'], accepts: (v) => text(v) && (v as string).length <= 255 },
  { path: ['type'], accepts: text },
  { path: ['data'], accepts: isObject },
  { path: ['data', 'object'], accepts: isObject },
  { path: ['data', 'object', 'object'], accepts: text },
  { path: ['data', 'object', 'id'], accepts: text },
  { path: ['data', 'object', 'payment_status'], accepts: text },
  // Unix seconds that make a date (JavaScript's last one is in the year 275760).
  { path: ['data', 'object', 'expires_at'], accepts: (v) => count(v) && (v as number) <= 8.64e12 },
  { path: ['data', 'object', 'url'], accepts: orNull(anyText), optional: true },
  { path: ['data', 'object', 'status'], accepts: orNull(anyText), optional: true },
  { path: ['data', 'object', 'client_reference_id'], accepts: orNull(anyText), optional: true },
  { path: ['data', 'object', 'currency'], accepts: orNull(anyText), optional: true },
  { path: ['data', 'object', 'amount_total'], accepts: orNull(count), optional: true },
  {
    path: ['data', 'object', 'payment_intent'],
    accepts: orNull((v) => text(v) || (isObject(v) && text((v as { id?: unknown }).id))),
    optional: true,
  },
];

/** The event with the value at `path` replaced (`undefined`: left out). */
function withPart(event: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(event) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  if (value === undefined) delete node[path[path.length - 1]!];
  else node[path[path.length - 1]!] = value;
  return copy;
}

/** JSON of every kind, with long strings and integers past the safe range among them. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('', 'x'.repeat(256), 2 ** 53, -1, 1.5, [], {}, { id: 'pi_1' }, { id: 7 }),
);

/** A signed body that is no event: not JSON, JSON but no object, or an event with a bad part. */
const malformedBody = (event: unknown) =>
  fc.oneof(
    fc.string().filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    }),
    fc.constantFrom('null', '{}', '[]', '"event"', '42', 'true'),
    fc.constantFrom(...EVENT_PARTS).chain(({ path, accepts, optional }) =>
      fc
        .oneof(
          anyJson.filter((v) => !accepts(v)),
          ...(optional ? [] : [fc.constant(undefined)]),
        )
        .map((value) => JSON.stringify(withPart(event, path, value))),
    ),
  );

it('a signed delivery that is no well-formed event is refused (400, said why) and stores nothing', async () => {
  const stripe = harness.stripe!;
  const { event, state } = await paidButUnannounced();
  const stored = async () => ({
    events: await harness.db('stripe_events').orderBy('id'),
    orders: await harness.db('orders').orderBy('id'),
  });
  const before = await stored();

  await fc.assert(
    fc.asyncProperty(malformedBody(event), async (payload) => {
      const error = await failure(
        harness.public.handleStripeWebhook({
          payload: Buffer.from(payload),
          signature: stripe.sign(payload),
        }),
      );
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(httpStatusOf(error as AppError)).toBe(400);
      expect(error.message).toMatch(/^The event is not a Stripe event/);
    }),
    { numRuns: 300 },
  );

  expect(await stored()).toEqual(before);
  expect(await state()).toBe('awaiting_payment');
  // The well-formed event itself still applies: nothing of it was recorded.
  expect((await deliver(harness, event)).applied).toBe(true);
  expect(await state()).toBe('awaiting_review');
});
