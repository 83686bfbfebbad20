import { z } from 'zod';
import { configLoader, dbPoolEnv, serviceEnv, serviceSecrets } from '@ballmatch/platform';

export interface Run {
  days: number;
  priceCents: number;
}

/** `days:cents` pairs, comma-separated (`1:500,7:2500,30:8000`): the runs sold and their prices. */
const runs = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx): Run[] => {
      const parsed = text.split(',').map((pair) => /^\s*(\d{1,3}):(\d{1,9})\s*$/.exec(pair));
      if (parsed.some((m) => !m)) {
        ctx.addIssue({ code: 'custom', message: 'must be days:cents pairs, e.g. 1:500,7:2500' });
        return z.NEVER;
      }
      const list = parsed.map((m) => ({ days: Number(m![1]), priceCents: Number(m![2]) }));
      if (list.some((r) => r.days < 1 || r.priceCents < 1)) {
        ctx.addIssue({ code: 'custom', message: 'days and cents must be at least 1' });
        return z.NEVER;
      }
      if (new Set(list.map((r) => r.days)).size !== list.length) {
        ctx.addIssue({ code: 'custom', message: 'each run length may be listed once' });
        return z.NEVER;
      }
      return list.sort((a, b) => a.days - b.days);
    });

/** An empty value counts as unset (compose passes `VAR:` through empty from the host). */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);
const optionalText = unsetIfEmpty(z.string().optional());

/**
 * The services that call ads by their identity (docs/api.md 'Service identity'): the gateway
 * (offers, with the client's key) and sessions (the reward click).
 */
export const SERVICE_CALLERS = ['gateway', 'sessions'] as const;

export const envShape = {
  /**
   * Counters and offers live in Redis; the session tokens of advertisers and admins are verified
   * and checked against the logout deny-list.
   */
  ...serviceEnv(50054, SERVICE_CALLERS),
  /** gRPC address of auth: the advertiser's username, read once when an order is made. */
  AUTH_ADDR: z.string().default('127.0.0.1:50051'),
  ADS_BALL_RUNS: runs('1:500,7:2500,30:8000'),
  ADS_BANNER_RUNS: runs('1:800,7:4000,30:12000'),
  /** ISO 4217, lower case, as Stripe takes it. */
  ADS_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/)
    .default('usd'),
  /** Without it payments are unavailable: ordering answers 'Payment System Not Available'. */
  STRIPE_SECRET_KEY: optionalText,
  /** Verifies webhook deliveries; without it the webhook refuses every delivery. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Another Stripe API address (the tests' local stand-in); unset: Stripe itself. */
  STRIPE_API_BASE: unsetIfEmpty(z.string().url().optional()),
  /** The site's address: Checkout sends the buyer back to its payment pages. */
  PUBLIC_URL: unsetIfEmpty(
    z
      .string()
      .url()
      .default('http://localhost:8080')
      .transform((url) => url.replace(/\/+$/, '')),
  ),
  /** How often the Redis counters are flushed to PostgreSQL. */
  ADS_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** How long an offer counts (impressions and clicks). */
  ADS_OFFER_TTL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(7_200_000),
  /**
   * Per-address frequency caps on what counts (docs/api.md 'Frequency caps'). 'off' only for
   * load and fault runs, where one address plays for many and every impression must count.
   */
  ADS_FREQUENCY_CAPS: z.enum(['on', 'off']).default('on'),
  /** How long the running ads are served from this process's memory. */
  ADS_SERVING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  ...dbPoolEnv,
};

export const secretNames = serviceSecrets(SERVICE_CALLERS);

export const loadAdsConfig = configLoader(envShape, secretNames);
export type AdsConfig = ReturnType<typeof loadAdsConfig>;
