import type { Logger } from '@ballmatch/platform';

export interface Announcer {
  stop(): Promise<void>;
}

/**
 * Every `intervalMs`, announces the scheduled updates whose time has come. Every replica runs
 * one; the claim in the store makes each announcement happen once. A failed run (the database
 * away) is logged and tried again at the next tick.
 */
export function startAnnouncer(deps: {
  announceDue: () => Promise<number>;
  intervalMs: number;
  logger: Logger;
}): Announcer {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const tick = () => {
    timer = null;
    running = deps
      .announceDue()
      .then(
        () => undefined,
        (error: unknown) => deps.logger.warn({ err: error }, 'announcing scheduled updates failed'),
      )
      .finally(() => {
        running = null;
        if (!stopped) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(tick, deps.intervalMs);
    timer.unref();
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
