import type { WriteStream } from 'node:fs';
import type { StackPorts } from '@ballmatch/kit';

/** The part of scripts/stack.mjs the journeys use (it is plain JavaScript). */
export interface RunningStack {
  url: string;
  stop(): Promise<void>;
  pids(): Record<string, number>;
  /** Restarts one process (SIGTERM, the supervisor starts it again); resolves once it is ready. */
  restart(name: string): Promise<void>;
}

export interface StackModule {
  /** Ports by @ballmatch/kit's PORT_NAMES (those left out take their default). */
  startStack(
    options: Partial<StackPorts> & {
      env: Record<string, string>;
      log: (line: string) => void;
    },
  ): Promise<RunningStack>;
}

/** Kept on globalThis from globalSetup to globalTeardown (Jest runs both in one process). */
export interface E2eState {
  stack?: RunningStack;
  database: { url: string; drop(): Promise<void> };
  keyDir: string;
  log: WriteStream;
  /** The run's NATS subject prefix; its JetStream streams are deleted at teardown. */
  natsPrefix?: string;
  /** The Stripe stand-in the stack's ads service pays through; closed at teardown. */
  payments?: { close(): Promise<void> };
}

declare global {
  var __BALLMATCH_E2E__: E2eState | undefined;
}
