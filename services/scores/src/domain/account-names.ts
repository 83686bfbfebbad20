import {
  AppError,
  isProtectedName,
  isUuid,
  playerNameKeys,
  type ConsumedEvent,
  type Knex,
  type Logger,
} from '@ballmatch/platform';
import { decodeEvent } from '@ballmatch/proto';
import type { AccountName, AccountNameStore } from '../store/account-names';
import type { Clock } from './clock';
import type { NameLookup } from './player-name';

/** A page of auth's ListNames: every account's username, in id order after `afterUserId`. */
export type NamePager = (
  afterUserId: string,
  limit: number,
) => Promise<Omit<AccountName, 'nameKeys'>[]>;

const PAGE = 500;
const MAX_NAME = 200;

/**
 * Who owns a player name, answered from this service's own table (docs/architecture.md
 * 'Names'): auth's user.named and user.deleted keep it (a durable consumer, consumers.ts), and
 * it is filled once from auth's ListNames when it has never been. A submission or ban asks
 * auth nothing; until the fill has completed, no name can be claimed (503, as when auth could
 * not answer). The window: a name taken in auth is refused here once its user.named has been
 * applied (the outbox relay's and the consumer's milliseconds; longer while auth's relay, NATS
 * or this consumer is down).
 */
export function createAccountNames(deps: {
  store: AccountNameStore;
  /** auth.v1 NameService ListNames; absent in tests of this service alone. */
  pages?: NamePager;
  now: Clock;
  logger: Logger;
  /** First wait before the fill is tried again (doubling, at most 30 s). */
  retryMs?: number;
}) {
  const { store, logger } = deps;
  let ready = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function isReady(): Promise<boolean> {
    // Once true it stays true; until then, another replica may have completed the fill.
    if (!ready) ready = await store.backfilled();
    return ready;
  }

  async function fillOnce(): Promise<void> {
    if (await isReady()) return;
    if (!deps.pages) throw new Error('no NameService to fill the account names from');
    for (let after = ''; ;) {
      const page = await deps.pages(after, PAGE);
      await store.named(page.map((a) => ({ ...a, nameKeys: playerNameKeys(a.username) })));
      if (page.length < PAGE) break;
      after = page.at(-1)!.userId;
    }
    await store.markBackfilled(deps.now());
    ready = true;
    logger.info('account names filled from auth');
  }

  /** Until the table has been filled, no name can be claimed: UNAVAILABLE (503). */
  async function mustBeReady(): Promise<void> {
    if (!(await isReady())) {
      throw new AppError(
        'UNAVAILABLE',
        'Player names cannot be checked yet; try again in a moment',
      );
    }
  }

  const lookup: NameLookup = async (name, guestPlayer = false) => {
    await mustBeReady();
    const isProtected = isProtectedName(name.name);
    // One statement: the owner, and the guest player only for a name a guest may post under.
    const holders = await store.holdersOf(name.keys, guestPlayer && !isProtected);
    return { ...holders, protected: isProtected };
  };

  return {
    lookup,
    /** For a statement that reads the table itself (a one-step submission's). */
    mustBeReady,

    /**
     * Fills the table if it never was: tried once now (awaited, so a service starting beside a
     * reachable auth is ready when it listens), then again in the background until it works.
     */
    async start(): Promise<void> {
      let wait = deps.retryMs ?? 1000;
      const attempt = async (): Promise<void> => {
        try {
          await fillOnce();
        } catch (error) {
          if (stopped) return;
          logger.warn({ err: error, retryInMs: wait }, 'account names not filled yet');
          retry = setTimeout(() => void attempt(), wait);
          wait = Math.min(wait * 2, 30_000);
        }
      };
      await attempt();
    },

    stop(): void {
      stopped = true;
      clearTimeout(retry);
    },

    /** user.named, in its consumer's transaction. */
    async named(trx: Knex.Transaction, event: ConsumedEvent): Promise<void> {
      const named = decodeEvent('userNamed', event.payload);
      if (!named || !isUuid(named.userId) || !named.username || named.username.length > MAX_NAME) {
        logger.warn({ eventId: event.id }, 'user.named without a usable account or name: skipped');
        return;
      }
      const registeredAt = new Date(named.registeredAt || named.occurredAt);
      await store.named(
        [
          {
            userId: named.userId,
            username: named.username,
            nameKeys: playerNameKeys(named.username),
            nameVersion: named.nameVersion,
            registeredAt: Number.isNaN(registeredAt.getTime()) ? deps.now() : registeredAt,
          },
        ],
        trx,
      );
    },

    /** user.deleted, in its consumer's transaction: the account's name is free again. */
    async deleted(trx: Knex.Transaction, event: ConsumedEvent): Promise<void> {
      const deleted = decodeEvent('userDeleted', event.payload);
      if (!deleted || !isUuid(deleted.userId)) return;
      await store.deleted(trx, deleted.userId, deps.now());
    },
  };
}

export type AccountNames = ReturnType<typeof createAccountNames>;
