/**
 * A local stand-in for the few parts of Stripe this product uses, for tests (there is no
 * internet here, and tests must not depend on a third party). The real `stripe` SDK talks to it
 * unchanged: give the service `STRIPE_API_BASE=<apiBase>`, `STRIPE_SECRET_KEY=<secretKey>` and
 * `STRIPE_WEBHOOK_SECRET=<webhookSecret>`.
 *
 * What it serves:
 * - `POST /v1/checkout/sessions`: a Checkout Session (the `Idempotency-Key` header honoured:
 *   the same key answers the same session, so `checkoutSessions()` lists each one made once).
 * - `GET /v1/checkout/sessions/:id`.
 * - `POST /v1/refunds` (`Idempotency-Key` honoured; more than the payment left is refused).
 * - `GET /pay/:sessionId`: the hosted payment page, a form with a 'Pay' button;
 *   `POST /pay/:sessionId` marks the session paid, then (given `webhookUrl`) posts a signed
 *   `checkout.session.completed` event there, and redirects the browser to the session's
 *   `success_url`.
 *
 * Used by the ads service's tests, the gateway's and the browser journeys':
 *
 *   const stripe = await startStripeStandIn({ webhookUrl: `${gateway}/api/payments/stripe/webhook` });
 *   ... env: { STRIPE_API_BASE: stripe.apiBase, STRIPE_SECRET_KEY: stripe.secretKey, ... }
 *   expect(stripe.checkoutSessions()).toHaveLength(1);
 *   await stripe.close();
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A Checkout Session as Stripe answers it (the fields this product reads, and a few more). */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** Unix seconds. */
  created: number;
  expires_at: number;
  livemode: false;
  /** What the line items said (not a Stripe field; for tests to read). */
  description: string;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
  /** The Idempotency-Key it was made with (not a Stripe field; for tests to read). */
  idempotency_key: string | null;
}

/** A webhook event as Stripe sends it. */
export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`: give it to the service as STRIPE_API_BASE. */
  apiBase: string;
  /** The only API key it accepts (STRIPE_SECRET_KEY). */
  secretKey: string;
  /** What its events are signed with (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Every distinct session made, oldest first (an idempotent repeat makes none). */
  checkoutSessions(): StandInSession[];
  /** Every distinct refund made, oldest first. */
  refunds(): StandInRefund[];
  /** Marks a session paid as the hosted page does, without posting any webhook. */
  markPaid(sessionId: string): StandInSession;
  /** Lets a session expire unpaid (as Stripe does after 24 hours). */
  expire(sessionId: string): StandInSession;
  /** A whole event of this type around `object`, with a fresh id. */
  event(type: string, object: unknown): StandInEvent;
  /**
   * A `Stripe-Signature` header for `payload`: with this stand-in's secret and now, unless
   * told otherwise (another secret: a forgery; an old timestamp, unix seconds: a stale one).
   */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

const API_VERSION = '2025-01-01';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` form fields (what the SDK sends) as nested objects; arrays stay objects. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const part of path.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = value;
  }
  return root;
}

type Form = Record<string, unknown>;
const field = (form: Form, ...path: string[]): string | undefined => {
  let node: unknown = form;
  for (const part of path) node = (node as Form | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
};

class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function startStripeStandIn(
  options: {
    webhookUrl?: string;
    /**
     * Where a browser reaches the hosted page (`<base>/pay/<id>`), when not at `apiBase`: the
     * browser journeys give an https address they route to this server, as the web app follows
     * only https payment links (Stripe's are).
     */
    hostedPageBase?: string;
  } = {},
): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_standin_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  /** `<endpoint> <key>` → the object answered the first time. */
  const idempotent = new Map<string, unknown>();
  let apiBase = '';

  function sessionOf(id: string): StandInSession {
    const session = sessions.get(id);
    if (!session)
      throw new StandInError(404, `No such checkout.session: '${id}'`, 'resource_missing');
    return session;
  }

  function createSession(form: Form): StandInSession {
    const item = (form.line_items as Form | undefined)?.['0'] as Form | undefined;
    const unitAmount = Number(field(item ?? {}, 'price_data', 'unit_amount'));
    const quantity = Number(field(item ?? {}, 'quantity') ?? '1');
    const currency = field(item ?? {}, 'price_data', 'currency');
    const successUrl = field(form, 'success_url');
    const cancelUrl = field(form, 'cancel_url');
    if (!Number.isInteger(unitAmount) || unitAmount < 1 || !currency) {
      throw new StandInError(400, 'line_items[0][price_data] needs unit_amount and currency');
    }
    if (!successUrl || !cancelUrl)
      throw new StandInError(400, 'success_url and cancel_url are required');
    const id = newId('cs');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      mode: field(form, 'mode') ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: unitAmount * quantity,
      currency,
      client_reference_id: field(form, 'client_reference_id') ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `${options.hostedPageBase ?? apiBase}/pay/${id}`,
      created: nowSeconds(),
      expires_at: nowSeconds() + 24 * 3600,
      livemode: false,
      description: field(item ?? {}, 'price_data', 'product_data', 'name') ?? '',
    };
    sessions.set(id, session);
    return session;
  }

  function createRefund(form: Form, key: string | null): StandInRefund {
    const intent = field(form, 'payment_intent');
    const paid = [...sessions.values()].find((s) => intent && s.payment_intent === intent);
    if (!paid)
      throw new StandInError(404, `No such payment_intent: '${intent}'`, 'resource_missing');
    const refunded = refunds
      .filter((r) => r.payment_intent === intent)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = Number(field(form, 'amount') ?? paid.amount_total - refunded);
    if (!Number.isInteger(amount) || amount < 1 || amount > paid.amount_total - refunded) {
      throw new StandInError(400, `Refund amount (${amount}) is more than the charge has left`);
    }
    const refund: StandInRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: paid.currency,
      payment_intent: paid.payment_intent!,
      status: 'succeeded',
      created: nowSeconds(),
      idempotency_key: key,
    };
    refunds.push(refund);
    return refund;
  }

  /** Runs `make` once per Idempotency-Key of this endpoint; a repeat answers the first object. */
  function once<T>(endpoint: string, key: string | null, make: () => T): T {
    if (!key) return make();
    const found = idempotent.get(`${endpoint} ${key}`);
    if (found) return found as T;
    const made = make();
    idempotent.set(`${endpoint} ${key}`, made);
    return made;
  }

  function markPaid(sessionId: string): StandInSession {
    const session = sessionOf(sessionId);
    if (session.status !== 'open') throw new StandInError(409, `The session is ${session.status}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = newId('pi');
    session.url = null;
    return session;
  }

  function event(type: string, object: unknown): StandInEvent {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  const sign = (payload: string, opts: { timestamp?: number; secret?: string } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      timestamp: opts.timestamp,
    });

  /** The hosted page's 'Pay': paid, the webhook posted (if any), the browser sent back. */
  async function pay(sessionId: string): Promise<string> {
    const session = markPaid(sessionId);
    if (options.webhookUrl) {
      const payload = JSON.stringify(event('checkout.session.completed', session));
      await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        body: payload,
      }).catch(() => undefined);
    }
    return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
  }

  function payPage(session: StandInSession): string {
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    return `<!doctype html><html><head><meta charset="utf-8"><title>Stripe stand-in checkout</title></head>
<body><h1>Pay ${escape(amount)}</h1><p>${escape(session.description)}</p>
<form method="post" action="/pay/${escape(session.id)}"><button type="submit">Pay</button></form>
<p><a href="${escape(session.cancel_url)}">Cancel</a></p></body></html>`;
  }

  async function route(req: http.IncomingMessage, body: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };

    const page = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (page) {
      const session = sessionOf(page[1]!);
      if (method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(payPage(session));
        return;
      }
      if (method === 'POST') {
        res.writeHead(303, { location: await pay(session.id) });
        res.end();
        return;
      }
    }

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      throw new StandInError(401, 'Invalid API Key provided');
    }
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const form = parseForm(body);
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      return send(
        200,
        once('sessions', key, () => createSession(form)),
      );
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (method === 'GET' && retrieve) return send(200, sessionOf(retrieve[1]!));
    if (method === 'POST' && url.pathname === '/v1/refunds') {
      return send(
        200,
        once('refunds', key, () => createRefund(form, key)),
      );
    }
    throw new StandInError(404, `Unrecognized request URL (${method}: ${url.pathname})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      route(req, Buffer.concat(chunks).toString('utf8'), res).catch((error: unknown) => {
        const failure =
          error instanceof StandInError ? error : new StandInError(500, String(error));
        res.writeHead(failure.status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              type: failure.status >= 500 ? 'api_error' : 'invalid_request_error',
              message: failure.message,
              ...(failure.code && { code: failure.code }),
            },
          }),
        );
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiBase,
    secretKey,
    webhookSecret,
    checkoutSessions: () => [...sessions.values()].map((s) => structuredClone(s)),
    refunds: () => refunds.map((r) => structuredClone(r)),
    markPaid: (id) => structuredClone(markPaid(id)),
    expire(id) {
      const session = sessionOf(id);
      if (session.status !== 'open')
        throw new StandInError(409, `The session is ${session.status}`);
      session.status = 'expired';
      session.url = null;
      return structuredClone(session);
    },
    event,
    sign,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
