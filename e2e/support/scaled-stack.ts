import path from 'node:path';
import type { StripeStandIn } from '../../services/ads/test/stripe-stand-in';
import { startPayments } from './ads-payments';
import { ADMIN_USERNAME, prepareStack, releaseStack, type StackResources } from './isolated-stack';
import { artifactsDir } from './paths';
import { ScaledStackRunner, type ScaledStackInfo } from './scale-runner';

export interface ScaledStack {
  readonly info: ScaledStackInfo;
  readonly runner: ScaledStackRunner;
  readonly admin: { username: string; password: string };
  readonly stripe: StripeStandIn;
  /** The run's database (services keep their tables in their own schema of it). */
  readonly databaseUrl: string;
}

/**
 * Starts a scaled-out stack of the test file's own in beforeAll (scripts/scale/runner.mjs: two
 * replicas each of gateway, scores, realtime and ads behind local balancers) on the machine's
 * stores with a fresh database and prefixes, paying through the Stripe stand-in; stops it in
 * afterAll. Its log goes to e2e/artifacts/<logFile>.
 */
export function useScaledStack(logFile: string, env: Record<string, string> = {}): ScaledStack {
  const runner = new ScaledStackRunner(path.join(artifactsDir, logFile));
  let resources: StackResources | undefined;
  let stripe: StripeStandIn | undefined;

  beforeAll(async () => {
    resources = await prepareStack('e2e_scale');
    // The front balancer takes the port a single stack's gateway would have had.
    const frontPort = resources.ports.gatewayPort;
    const payments = await startPayments(frontPort);
    stripe = payments.standIn;
    await runner.start({ frontPort, env: { ...resources.env, ...payments.env, ...env } });
  });

  afterAll(async () => {
    await runner.stop();
    await stripe?.close();
    if (resources) await releaseStack(resources);
  });

  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the scaled stack has not started');
    return value;
  };
  return {
    get info() {
      return runner.info;
    },
    runner,
    get admin() {
      return { username: ADMIN_USERNAME, password: need(resources).adminPassword };
    },
    get stripe() {
      return need(stripe);
    },
    get databaseUrl() {
      return need(resources).database.url;
    },
  };
}
