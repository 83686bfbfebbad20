import type { Logger } from '@ballmatch/platform';
import type { BoardWriteStore } from '../store/board-writes';
import { boardName, boardOfName, type Board, type BoardStore } from '../store/boards';
import type { SeasonStore } from '../store/seasons';
import type { WeekStore } from '../store/weeks';
import type { Clock } from './clock';

/** A row left by a write still under way is younger than this; an older one was left behind. */
export const LEFT_BEHIND_MS = 30_000;
const EVERY_MS = 1000;
const BATCH = 500;

/**
 * Redis boards that may lack a committed change are dropped once Redis answers, whichever
 * process committed it and whatever happened to that process (docs/architecture.md 'Ranked
 * boards in Redis'). PostgreSQL keeps them in `board_writes`: a submission writes its row in
 * the statement that stores the score; review and moderation write one when their Redis writes
 * failed. This process forgets its rows once their writes are done (in batches, every second),
 * and drops the boards of the rows it knows failed, and of any row older than LEFT_BEHIND_MS
 * (a process that died before its writes, or before it could drop them), then deletes those
 * rows; if Redis or PostgreSQL fails, it tries again every second and when Redis is ready
 * again. A dropped board is rebuilt from PostgreSQL at its next read.
 */
export function createBoardRepairs(deps: {
  writes: BoardWriteStore;
  boards: BoardStore;
  now: Clock;
  /** Clears this process's board reads. */
  changed: () => void;
  logger: Logger;
}) {
  const { writes, boards, now, logger } = deps;
  /** Rows whose Redis writes are done, to delete. */
  let done: string[] = [];
  /** Rows whose Redis writes failed, to drop their boards at once. */
  const failed = new Set<string>();
  /** Boards whose Redis writes failed while PostgreSQL could not take their row either. */
  const unnoted: string[][] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let failing = false;
  let timer: NodeJS.Timeout | null = null;

  async function repair(): Promise<void> {
    const forgetting = done;
    done = [];
    try {
      await writes.forget(forgetting);
    } catch (error) {
      done.push(...forgetting);
      throw error;
    }
    while (unnoted.length > 0) {
      failed.add(await writes.note(unnoted[0]!, now()));
      unnoted.shift();
    }
    for (;;) {
      const asked = [...failed];
      const rows = await writes.due(asked, new Date(now().getTime() - LEFT_BEHIND_MS), BATCH);
      if (rows.length === 0 && asked.length === 0) return;
      for (const name of new Set(rows.flatMap((row) => row.boards))) {
        const board = boardOfName(name);
        if (board) await boards.invalidate(board);
      }
      await writes.forget(rows.map((row) => row.id));
      if (rows.length > 0) deps.changed();
      // A short page holds every failed row still there (others dropped the rest already).
      for (const id of rows.length < BATCH ? asked : rows.map((row) => row.id)) failed.delete(id);
      if (rows.length < BATCH) return;
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await repair();
      } while (again);
    })()
      .then(
        () => {
          if (failing) logger.info('Redis boards: repairs done');
          failing = false;
        },
        (error: unknown) => {
          if (!failing) logger.warn({ err: error }, 'Redis boards: repair failed; retrying');
          failing = true;
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  function tick() {
    void run().then(() => {
      if (timer) timer = setTimeout(tick, EVERY_MS).unref();
    });
  }

  return {
    start() {
      timer = setTimeout(tick, EVERY_MS).unref();
    },
    /** Redis has a submission's entries: its row can go. */
    done(id: string) {
      done.push(id);
    },
    /** A submission's Redis writes failed: its boards are dropped as soon as Redis answers. */
    failed(id: string) {
      failed.add(id);
      void run();
    },
    /** A change after a commit did not reach these boards in Redis. */
    async owe(owed: Board[]): Promise<void> {
      const names = owed.map(boardName);
      try {
        failed.add(await writes.note(names, now()));
      } catch (error) {
        logger.warn({ err: error }, 'Redis boards: could not note boards to repair; retrying');
        unnoted.push(names);
      }
      void run();
    },
    /** Redis (re)connected: what failed is repaired now. */
    ready() {
      if (failed.size > 0 || unnoted.length > 0) void run();
    },
    run,
    /** Stops the timer; the rows of writes done are deleted (at most 2 s waited). */
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.race([
        (async () => {
          await running;
          await run();
        })(),
        new Promise((resolve) => setTimeout(resolve, 2000).unref()),
      ]);
    },
  };
}

export type BoardRepairs = ReturnType<typeof createBoardRepairs>;

/** What the modules that change the boards (submissions, review, moderation) work with. */
export interface BoardWriterDeps {
  weeks: WeekStore;
  seasons: SeasonStore;
  boards: BoardStore;
  /** Boards a score may be missing from in Redis (its `board_writes` row). */
  repairs: BoardRepairs;
  now: Clock;
  /** Clears this process's board reads, so they show the change at once. */
  changed: () => void;
  /** Wakes the outbox relay after a commit that wrote events. */
  wake: () => void;
  logger: Logger;
}
