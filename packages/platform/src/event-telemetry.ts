import { headers as natsHeaders, type MsgHdrs } from 'nats';
import { eventDeliveryLag } from './metrics';
import {
  currentRequestContext,
  REQUEST_ID_HEADER,
  runWithRequestContext,
  sanitizeRequestId,
} from './request-context';
import {
  context,
  extractTraceContext,
  failSpan,
  injectTraceContext,
  SpanKind,
  trace,
  tracer,
} from './tracing';

/**
 * What an event carries besides its payload so the work it causes joins the request that made
 * it: the W3C trace context (`traceparent`, `tracestate`) and the request id. Written with the
 * outbox row, sent as NATS message headers, read back by every consumer.
 */
export type EventCarrier = Record<string, string>;

/** The carrier of the work in progress (empty outside a request and with tracing off). */
export function currentEventCarrier(): EventCarrier {
  const carrier = injectTraceContext({});
  const request = currentRequestContext();
  if (request) carrier[REQUEST_ID_HEADER] = request.requestId;
  return carrier;
}

export function toNatsHeaders(carrier: EventCarrier, into: MsgHdrs = natsHeaders()): MsgHdrs {
  for (const [key, value] of Object.entries(carrier)) into.set(key, value);
  return into;
}

const CARRIED = ['traceparent', 'tracestate', REQUEST_ID_HEADER];

export function fromNatsHeaders(msgHeaders: MsgHdrs | undefined): EventCarrier {
  const carrier: EventCarrier = {};
  for (const key of CARRIED) {
    const value = msgHeaders?.get(key);
    if (value) carrier[key] = value;
  }
  return carrier;
}

/**
 * Runs the handling of one received event as a CONSUMER span continuing the producer's trace,
 * with the producer's request id in the request context (so log lines join it).
 */
export function withEventSpan<T>(
  options: { consumer: string; subject: string; carrier: EventCarrier; eventId?: string },
  fn: () => T,
): T {
  const parent = extractTraceContext(options.carrier, context.active());
  const span = tracer().startSpan(
    `${options.subject} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'messaging.destination.name': options.subject,
        'messaging.consumer.group.name': options.consumer,
        ...(options.eventId && { 'messaging.message.id': options.eventId }),
      },
    },
    parent,
  );
  const requestId = sanitizeRequestId(options.carrier[REQUEST_ID_HEADER]);
  const run = () =>
    context.with(trace.setSpan(parent, span), () => runWithRequestContext({ requestId }, fn));
  try {
    const result = run();
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          failSpan(span, error);
          span.end();
          throw error;
        },
      ) as T;
    }
    span.end();
    return result;
  } catch (error) {
    failSpan(span, error);
    span.end();
    throw error;
  }
}

/** Records how long an event took to arrive (now − its `occurredAt`), when it says. */
export function observeDeliveryLag(consumer: string, payload: unknown, now = Date.now()): void {
  const occurredAt = (payload as { occurredAt?: unknown } | null)?.occurredAt;
  if (typeof occurredAt !== 'string') return;
  const at = Date.parse(occurredAt);
  if (Number.isNaN(at)) return;
  eventDeliveryLag.observe({ consumer }, Math.max(0, (now - at) / 1000));
}
