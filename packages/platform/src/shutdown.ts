import { createLogger, type Logger } from './logger';

/**
 * On SIGTERM or SIGINT: run `stop` once (report not-serving, drain, close connections), then
 * exit 0. A second signal, or a stop that takes longer than `timeoutMs`, exits 1 at once.
 */
export function exitOnSignals(stop: () => Promise<void>, logger: Logger, timeoutMs = 15_000): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    stop().then(
      () => {
        logger.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/**
 * The entry point of every server process: start it, then stop it cleanly on SIGTERM/SIGINT;
 * a failed start is logged and exits 1 (an orchestrator restarts it).
 */
export function runProcess(name: string, start: () => Promise<{ stop(): Promise<void> }>): void {
  const logger = createLogger(name);
  start().then(
    (running) => exitOnSignals(() => running.stop(), logger),
    (error: unknown) => {
      logger.fatal({ err: error }, `${name} failed to start`);
      process.exit(1);
    },
  );
}
