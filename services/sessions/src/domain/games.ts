import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  actionCode,
  createGame,
  endGame,
  grantExtraMoves,
  gridCells,
  resetGrid,
  swap,
  entryFromCode,
  type CascadeStep,
  type Cell,
  type GameState,
  type LevelUp,
  type PlayerView,
  playerView,
} from '@ballmatch/engine';
import { AppError, isUuid, limitOf, type GameResult, type Knex } from '@ballmatch/platform';
import { newEvent } from '@ballmatch/proto';
import {
  END_CODE,
  type GameRecord,
  type GameStore,
  type LogEntry,
  type LoggedCode,
  type ScoringRead,
} from '../store/games';
import { StaleGame, type ActionLog, type ActionLogOptions } from '../store/log-batches';
import type { SessionRow, SessionStore } from '../store/sessions';
import { LOG_MISMATCH_FLAG_TYPE, raiseFlag, TIMING_FLAG_TYPE } from './flags';
import { judgeTiming, timingReport } from './timing';
import { STARTS_LIMIT } from './rules';

/**
 * Ranked games held by this service (docs/architecture.md 'Ranked games'). The client gets the
 * board it can see and sends each action; the engine applies it here to the state held in this
 * process, timed by this server's clock, and answers at once; the action's log row follows in
 * the next batch, and every answer says how much of the game is durable. Any process rebuilds
 * the game from its row (the state at its start or end) and the durable log; the page sends
 * again what was not durable. The random generator's state never leaves, so no draw is known
 * before the action that consumes it.
 */

export type PlayerAction =
  | { type: 'swap'; from: Cell; to: Cell }
  | { type: 'reset' }
  | { type: 'extraMoves' }
  | { type: 'end' };

/** The game as the player sees it (the engine's view), with its signed result once ended. */
export interface GameView extends PlayerView {
  /**
   * An ended game's result as this service signed it when the game ended (platform's
   * game-result.ts): the score is submitted with it, and scores needs to ask nothing more.
   * Only in its owner's views of the ended game.
   */
  result?: string;
}

export interface ActionAnswer {
  game: GameView;
  steps: CascadeStep[];
  matchPoints: number;
  levelBonus: number;
  pointsGained: number;
  targetCollected: number;
  levelUp: Omit<LevelUp, 'level'> | null;
  movesAdded: number;
}

/**
 * An answer as it leaves, with the game's actions known committed then (the log holds places
 * 0 … durableSeq - 1): the page keeps its actions from there on, to send again if its socket is
 * cut. Never stored with the answer.
 */
export interface DurableAnswer extends ActionAnswer {
  durableSeq: number;
}

/** Who asks about a session: its credential, and the signed-in account ('' for a guest). */
export interface Claimant {
  credential: string;
  callerId: string;
}

/** Whether a game's reward ad was followed (the ads service knows; it may be unreachable). */
export type RewardClicks = (sessionId: string) => Promise<boolean>;

export interface GameDeps {
  games: GameStore;
  sessions: SessionStore;
  onEventsWritten(): void;
  now(): Date;
  /** Extra moves are earned: asked before they are granted. */
  rewardClicked: RewardClicks;
  /** Ranked games one address, and one account, may start in an hour. */
  startsPerHour: { address: number; player: number };
  /** Signs an ended game's result with this service's key (once, when the game ends). */
  signResult(result: GameResult): Promise<string>;
  /** Games kept in this process's memory (each about 1 KB). */
  cacheSize?: number;
  /** Actions of a game answered but not yet durable, at most (GAME_MAX_UNSAVED_ACTIONS). */
  maxUnsavedActions: number;
  /** The action log's batches (store/log-batches.ts), telling these games what they wrote. */
  actionLog(on: Pick<ActionLogOptions, 'durable' | 'stale' | 'refused'>): ActionLog;
}

const notFound = () => new AppError('NOT_FOUND', 'Session not found');
const notYours = () =>
  new AppError('PERMISSION_DENIED', 'This session belongs to another player', {
    field: 'credential',
  });

/** A credential of 192 random bits; the store keeps only its SHA-256. */
export function newCredential(): { credential: string; hash: string } {
  const credential = randomBytes(24).toString('base64url');
  return { credential, hash: hashOf(credential) };
}

// One-shot hash: checked on every action, and a Hash object per call showed in profiles.
const hashOf = (credential: string) => hash('sha256', credential);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export const viewOf: (state: GameState, seq: number, moves?: boolean) => GameView = playerView;

/**
 * The engine's code of an action, as the log stores it ('end' is not in the log); null for a
 * swap no game can make (off the board, or not to a neighbour), which the engine then refuses.
 */
function keyOf(action: PlayerAction): number | 'end' | null {
  if (action.type === 'end') return 'end';
  try {
    return actionCode({ ...action, at: 0 });
  } catch {
    return null;
  }
}

/** Applies an action with the engine; a refused one is a 422 with the engine's reason. */
function apply(
  state: GameState,
  action: PlayerAction,
  seq: number,
): { state: GameState; answer: ActionAnswer } {
  const answer = (next: GameState, more: Partial<ActionAnswer> = {}, moves?: boolean) => ({
    state: next,
    answer: {
      game: viewOf(next, seq, moves),
      steps: [],
      matchPoints: 0,
      levelBonus: 0,
      pointsGained: 0,
      targetCollected: 0,
      levelUp: null,
      movesAdded: 0,
      ...more,
    },
  });
  const refused = (result: { ok: false; message: string }): never => {
    throw new AppError('FAILED_PRECONDITION', result.message, { field: 'action' });
  };
  switch (action.type) {
    case 'swap': {
      const result = swap(state, action.from, action.to);
      if (!result.ok) return refused(result);
      return answer(
        result.state,
        {
          steps: result.steps,
          matchPoints: result.matchPoints,
          levelBonus: result.levelBonus,
          pointsGained: result.pointsGained,
          targetCollected: result.targetCollected,
          levelUp: result.levelUp && withoutLevel(result.levelUp),
        },
        result.hasMoves,
      );
    }
    case 'reset': {
      const result = resetGrid(state);
      return result.ok ? answer(result.state) : refused(result);
    }
    case 'extraMoves': {
      const result = grantExtraMoves(state);
      return result.ok ? answer(result.state, { movesAdded: result.movesAdded }) : refused(result);
    }
    case 'end': {
      const result = endGame(state);
      return result.ok ? answer(result.state) : refused(result);
    }
  }
}

/** The view of a game as its owner reads it: an ended game's with its signed result. */
function ownersView(game: Pick<GameRecord, 'state' | 'seq' | 'result'>): GameView {
  const view = viewOf(game.state, game.seq);
  return game.result ? { ...view, result: game.result } : view;
}

/** An answer of the action that ended the game, with the game's signed result. */
const withResult = (answer: ActionAnswer, result: string | null): ActionAnswer =>
  result ? { ...answer, game: { ...answer.game, result } } : answer;

/** The level-up as answered: the new level's progress is in the answer's game already. */
function withoutLevel({ level: _level, ...levelUp }: LevelUp): Omit<LevelUp, 'level'> {
  return levelUp;
}

/**
 * A game held in this process: its record, the code at each place of its log (END_CODE for
 * the end: a resent action is checked against it), and how much of it is durable.
 */
interface HeldGame extends GameRecord {
  codes: number[];
  /** Its actions known committed: the log holds places 0 … durableSeq - 1. */
  durableSeq: number;
}

/** The log's code of an action's key. */
const codeOf = (key: number | 'end') => (key === 'end' ? END_CODE : key);

/**
 * The game as its log has it: the row's checkpoint with the later entries applied, the way
 * they were applied when played; the last one's answer is rebuilt too (the same engine, state
 * and action give the same answer), for a retry of it. An entry the engine refuses, or a gap
 * in the log, means the log and the row disagree: this service's fault, never the player's.
 */
function catchUp(game: GameRecord, log: LoggedCode[]): HeldGame {
  let { state, seq, lastAnswer } = game;
  const codes = log.map((entry, place) => {
    if (entry.seq !== place) {
      throw new AppError(
        'INTERNAL',
        `The log of game ${game.sessionId} is out of step at ${place}`,
      );
    }
    return entry.code;
  });
  for (const code of codes.slice(seq)) {
    if (code === END_CODE) {
      throw new AppError('INTERNAL', `The log of game ${game.sessionId} ends after its row`);
    }
    const { at: _at, ...action } = entryFromCode(code, 0);
    try {
      const applied = apply(state, action, seq + 1);
      state = applied.state;
      lastAnswer = { key: code, answer: applied.answer };
    } catch (error) {
      const reason = (error as Error).message;
      throw new AppError(
        'INTERNAL',
        `The log of game ${game.sessionId} does not replay: ${reason}`,
      );
    }
    seq++;
  }
  if (codes.length !== seq) {
    throw new AppError('INTERNAL', `The log of game ${game.sessionId} is out of step at ${seq}`);
  }
  return { ...game, state, seq, status: state.status, lastAnswer, codes, durableSeq: seq };
}

/** Whether two states are the same game (the end's audit: the log's replay against memory). */
function sameGame(a: GameState, b: GameState): boolean {
  const figures = (s: GameState) =>
    JSON.stringify([
      gridCells(s.grid),
      s.rng,
      s.score,
      s.level,
      s.totalMoves,
      s.totalMatches,
      s.largestRun,
      s.extraMovesGranted,
    ]);
  return figures(a) === figures(b);
}

/**
 * A small LRU: the games being played in this process. A game whose actions are not all
 * durable is never the one evicted: its rows are still queued from its state here.
 */
function createCache(size: number) {
  const games = new Map<string, HeldGame>();
  return {
    get(id: string): HeldGame | undefined {
      const game = games.get(id);
      if (game) {
        games.delete(id);
        games.set(id, game);
      }
      return game;
    },
    /** Without making it the most recent (the log's notices). */
    peek: (id: string) => games.get(id),
    set(game: HeldGame): void {
      games.delete(game.sessionId);
      games.set(game.sessionId, game);
      if (games.size <= size) return;
      for (const [id, old] of games) {
        if (old.durableSeq === old.seq) {
          games.delete(id);
          return;
        }
      }
    },
    drop: (id: string) => games.delete(id),
  };
}

/** What the game socket hears of the games it plays: when their actions become durable. */
export interface GameWatcher {
  /** The game's actions are committed up to `durableSeq` (its count). */
  durable(sessionId: string, durableSeq: number): void;
  /**
   * The copy of the game this process played was stale (another process wrote another action
   * at one of its places): this is the game as the log has it.
   */
  stale(sessionId: string, game: GameView): void;
}

/** What an action over the game socket comes to (docs/api.md 'Ranked games over the game socket'). */
export type SocketOutcome =
  | { type: 'answer'; answer: DurableAnswer }
  /** A resent action already applied with the same code: the page has its answer. */
  | { type: 'ack'; durableSeq: number }
  /** A resent action the log holds another action for: the game as the log has it. */
  | { type: 'stale'; game: GameView };

type Transport = 'socket' | 'http';

const outOfStep = (game: { seq: number }, seq: number) =>
  new AppError(
    'FAILED_PRECONDITION',
    `The game is at action ${game.seq}, not ${seq}: read it again`,
    { field: 'seq' },
  );

export function createGames(deps: GameDeps) {
  const { games, sessions } = deps;
  const cache = createCache(deps.cacheSize ?? 10_000);
  let watcher: GameWatcher | null = null;
  const log = deps.actionLog({
    durable(id, durableSeq) {
      const game = cache.peek(id);
      if (game && durableSeq > game.durableSeq) game.durableSeq = durableSeq;
      watcher?.durable(id, durableSeq);
    },
    stale(id) {
      cache.drop(id);
      fromStore(id).then(
        (game) => watcher?.stale(id, ownersView(game)),
        () => {}, // read again at the next action
      );
    },
    refused: (id) => void cache.drop(id),
  });

  async function fromStore(id: string): Promise<HeldGame> {
    const stored = isUuid(id) ? await games.byId(id) : undefined;
    if (!stored) throw notFound();
    const game = catchUp(stored.game, stored.log);
    cache.set(game);
    return game;
  }

  /** The game as this process holds it, read from the store if it holds none. */
  const held = async (id: string) => cache.get(id) ?? (await fromStore(id));

  /**
   * The game for a read: this process's copy while it has rows of the game not yet written
   * (then it is ahead of the log), else the log's, since another process may have moved the
   * game on (writes are fenced by the log's places; a read is not).
   */
  const current = async (id: string) => (log.pending(id) > 0 ? held(id) : fromStore(id));

  /**
   * This process's copy against the log, for an action it cannot place: its rows written first
   * (a stale copy is then dropped), or, when all were, read again (another process may have
   * moved the game).
   */
  async function againstLog(game: HeldGame): Promise<HeldGame> {
    const id = game.sessionId;
    if (log.pending(id) === 0) {
      cache.drop(id);
      return fromStore(id);
    }
    try {
      await log.settle(id);
    } catch (error) {
      if (!(error instanceof StaleGame)) throw error;
    }
    return held(id);
  }

  /** The credential that started the session, or the signed-in account that did. */
  function checkOwner(game: Pick<GameRecord, 'credentialHash' | 'userId'>, who: Claimant): void {
    if (game.userId !== null && who.callerId === game.userId) return;
    if (game.userId !== null && who.callerId !== '') throw notYours();
    if (!who.credential || !sameHash(hashOf(who.credential), game.credentialHash)) throw notYours();
  }

  /**
   * The game has just ended, in the transaction that ended it: the session ends too, with the
   * figures of this game (whatever the page reported last, or could not report once the game
   * had ended), the server's timing rules run on the times this server received the actions
   * (docs/api.md 'Move timing': their gaps, and each against the page's display of the answer
   * before it), and `session.finished` is written for the statistics. Answers the game's
   * result, signed: the verdict is in it, and the score is submitted with it.
   */
  async function finish(
    trx: Knex.Transaction,
    id: string,
    state: GameState,
    at: Date,
    owner: string | null,
  ): Promise<string> {
    const session = (await sessions.lock(trx, id))!;
    // Every action is the player's input (a bot keeps its pace through resets and extra moves).
    const actions = await games.actions(id, trx);
    const verdict = judgeTiming({ sessionId: id, seed: session.seed, actions });
    // The audit: the durable log, replayed from the seed, must be the game played here.
    const replayed = verdict.replayed.ok ? verdict.replayed.state : null;
    let row: SessionRow = await sessions.end(trx, id, {
      totalScore: state.score,
      matchCount: state.totalMatches,
      moveCount: state.totalMoves,
      averageMoveDuration: verdict.averageMoveDuration,
    });
    if (verdict.suspicious) {
      ({ row } = await raiseFlag(sessions, trx, row, {
        sessionId: id,
        source: 'server',
        type: TIMING_FLAG_TYPE,
        details: verdict.details,
        adminUserId: null,
      }));
    }
    if (!replayed || !sameGame(replayed, state)) {
      const found = replayed
        ? `it replays to another game (a score of ${replayed.score} for ${state.score})`
        : `it does not replay: ${(verdict.replayed as { message: string }).message}`;
      ({ row } = await raiseFlag(sessions, trx, row, {
        sessionId: id,
        source: 'server',
        type: LOG_MISMATCH_FLAG_TYPE,
        details: `The game's log is not the game played: ${found}`,
        adminUserId: null,
      }));
    }
    await sessions.writeEvents(trx, [
      newEvent('sessionFinished', {
        sessionId: id,
        playerName: row.playerName,
        score: state.score,
        level: state.level.currentLevel,
        moves: state.totalMoves,
        startedAt: row.createdAt.toISOString(),
        finishedAt: at.toISOString(),
        suspicious: row.suspicious,
      }),
    ]);
    return deps.signResult({
      sessionId: id,
      userId: owner,
      score: state.score,
      level: state.level.currentLevel,
      moves: state.totalMoves,
      largestRun: state.largestRun,
      startedAt: row.createdAt,
      finishedAt: at,
      suspicious: row.suspicious,
    });
  }

  /** The game's last answer, with how much of the game is durable. */
  function answerOf(game: HeldGame): { type: 'answer'; answer: DurableAnswer } {
    const { answer } = game.lastAnswer as { answer: ActionAnswer };
    return {
      type: 'answer',
      answer: { ...withResult(answer, game.result), durableSeq: game.durableSeq },
    };
  }

  /**
   * The action that ends the game: its rows written first, then the end logged at its place in
   * the transaction that finishes the session. Null when the place was taken or the game moved
   * meanwhile (the caller reads it again); the game as it ended otherwise.
   */
  async function end(
    game: HeldGame,
    entry: LogEntry,
    state: GameState,
    lastAnswer: { key: number | 'end'; answer: ActionAnswer },
  ): Promise<HeldGame | null> {
    const id = game.sessionId;
    await log.settle(id);
    if (cache.peek(id) !== game || game.seq !== entry.seq) return null;
    const finishedAt = entry.receivedAt;
    let result: string | null = null;
    const won = await sessions.transaction(async (trx) => {
      if (!(await games.append(id, entry, trx))) return false;
      result = await finish(trx, id, state, finishedAt, game.userId);
      const seq = entry.seq + 1;
      await games.finish(trx, id, { state, seq, answer: lastAnswer, finishedAt, result });
      return true;
    });
    if (!won) {
      cache.drop(id);
      return null;
    }
    const ended: HeldGame = {
      ...game,
      state,
      seq: entry.seq + 1,
      status: state.status,
      lastAnswer,
      finishedAt,
      result,
      codes: [...game.codes.slice(0, entry.seq), entry.code],
      durableSeq: entry.seq + 1,
    };
    // An action applied here at the end's place meanwhile (another tab) lost it: its page
    // redraws from the ended game.
    if (game.seq !== entry.seq) {
      log.forget(id, new StaleGame(id));
      watcher?.stale(id, ownersView(ended));
    }
    cache.set(ended);
    deps.onEventsWritten();
    return ended;
  }

  return {
    /**
     * Every start is recorded (the sessions table); this many per hour from one address or one
     * account, and no more: opening games to keep only the best is seed shopping.
     */
    async checkStarts(who: { ip: string; userId: string | null }): Promise<void> {
      const since = new Date(deps.now().getTime() - 3_600_000);
      const started = await games.startsSince(since, who);
      const limit = deps.startsPerHour;
      const tooMany = (what: string) =>
        new AppError('RESOURCE_EXHAUSTED', `Too many games started ${what} in the last hour`, {
          retryAfterSeconds: 60,
        });
      if (started.byAddress >= limit.address) throw tooMany('from this address');
      if (who.userId !== null && started.byPlayer >= limit.player) throw tooMany('by this player');
    },

    /** A new game for a session being created (in its transaction); the credential once. */
    async start(trx: Knex.Transaction, session: SessionRow) {
      const state = createGame(session.seed);
      const { credential, hash } = newCredential();
      await games.insert(trx, {
        sessionId: session.id,
        state,
        credentialHash: hash,
        userId: session.userId,
      });
      return { credential, game: viewOf(state, 0) };
    },

    /**
     * One action (docs/api.md 'Ranked games' and 'Ranked games over the game socket'). `seq` is
     * the count of actions the client had seen applied: the next one is applied to the game in
     * memory and answered at once, its log row queued for the next batch (over HTTP the answer
     * waits for the game's rows to be committed). An action already applied at its place with
     * the same code (a retry, or the page's resend to a new owner) is not applied again: the
     * last one answers as the first time did, an earlier one over the socket is acknowledged.
     * Over the socket, another action at a place already taken makes the page redraw from the
     * log's game (`stale`). The end of a game is durable before its answer.
     */
    async act(
      input: { id: string; seq: number; action: PlayerAction; who: Claimant },
      transport: Transport,
    ): Promise<SocketOutcome> {
      const receivedAt = deps.now();
      const { id } = input;
      let game = cache.get(id) ?? (await fromStore(id)); // no await when held: most actions
      checkOwner(game, input.who);
      const key = keyOf(input.action);
      let checked = false;
      const http = transport === 'http';
      for (let attempt = 0; attempt < 4; attempt++) {
        try {
          if (input.seq !== game.seq) {
            const place = key !== null && input.seq < game.seq ? game.codes[input.seq] : undefined;
            if (place !== undefined && place === codeOf(key!)) {
              if (http) await log.settle(id);
              if (input.seq === game.seq - 1) return answerOf(game);
              if (!http) return { type: 'ack', durableSeq: game.durableSeq };
              throw outOfStep(game, input.seq);
            }
            // Behind the log (another process moved the game), or ahead of it on another path.
            if (!checked) {
              game = await againstLog(game);
              checked = true;
              continue;
            }
            if (place !== undefined && !http) return { type: 'stale', game: ownersView(game) };
            throw outOfStep(game, input.seq);
          }
          if (game.seq - game.durableSeq >= deps.maxUnsavedActions) {
            // A fast client outran the batch window: its rows are written now and it goes on;
            // 503 only when that write fails (PostgreSQL out of reach).
            await log.settle(id);
            if (cache.peek(id) !== game) game = await held(id);
            continue;
          }
          const { state, answer } = apply(game.state, input.action, game.seq + 1);
          if (key === null) throw new Error('the engine accepted a swap it cannot log');
          // Asked only of a grant the engine allows; the ads service down refuses it (503).
          if (input.action.type === 'extraMoves') {
            if (!(await deps.rewardClicked(id))) {
              throw new AppError('FAILED_PRECONDITION', 'Watch the ad first to earn extra moves', {
                field: 'action',
              });
            }
            if (cache.peek(id) !== game || game.seq !== input.seq) {
              game = await held(id); // it moved meanwhile: judged again
              continue;
            }
          }
          const lastAnswer = { key, answer };
          const entry = { seq: input.seq, code: codeOf(key), receivedAt };
          if (state.status === 'ended') {
            const ended = await end(game, entry, state, lastAnswer);
            if (ended) return answerOf(ended);
            game = await held(id);
            continue;
          }
          game.state = state;
          game.seq++;
          game.status = state.status;
          game.lastAnswer = lastAnswer;
          game.codes.push(entry.code);
          log.append(id, entry);
          if (http) await log.settle(id);
          return answerOf(game);
        } catch (error) {
          if (!(error instanceof StaleGame)) throw error;
          game = await held(id); // a row lost its place: judged against the log's game
        }
      }
      throw new AppError('FAILED_PRECONDITION', 'The game moved on: read it again', {
        field: 'seq',
      });
    },

    /** One action over HTTP (gRPC PlayAction): answered once the game's rows are committed. */
    async play(input: {
      id: string;
      seq: number;
      action: PlayerAction;
      who: Claimant;
    }): Promise<DurableAnswer> {
      const outcome = await this.act(input, 'http');
      if (outcome.type !== 'answer') throw new Error('an HTTP action answered without an answer');
      return outcome.answer;
    },

    /** The socket's listener of durable and stale games (one: the game socket). */
    watch(listener: GameWatcher): void {
      watcher = listener;
    },

    /** Writes every queued log row now (a graceful stop); throws if PostgreSQL is away. */
    flushLog: () => log.flush(),

    /** Tests only: drops the queued log rows unwritten, as a killed process loses them. */
    abandonLog: () => log.abandon(),

    /** The player stops: a game still being played ends where it stands (and is finished). */
    async stop(id: string, who: Claimant): Promise<void> {
      // A concurrent action can move the game between the read and the end: read again.
      for (let attempt = 0; ; attempt++) {
        const game = await held(id);
        checkOwner(game, who);
        if (game.status === 'ended') return;
        try {
          await this.play({ id, seq: game.seq, action: { type: 'end' }, who });
          return;
        } catch (error) {
          const raced = error instanceof AppError && error.details.field === 'seq';
          if (!raced || attempt === 2) throw error;
        }
      }
    },

    /** Refuses anyone but the session's owner (see checkOwner). */
    async assertOwner(id: string, who: Claimant): Promise<void> {
      checkOwner(await held(id), who);
    },

    async view(id: string, who: Claimant): Promise<GameView> {
      const game = await current(id);
      checkOwner(game, who);
      return ownersView(game);
    },

    /** A signed-in player's unfinished game, to pick up on any device. */
    async resume(userId: string): Promise<{ id: string; playerName: string; game: GameView }> {
      const id = await games.unfinishedOf(userId);
      if (!id) throw new AppError('NOT_FOUND', 'No game in progress');
      const game = await current(id);
      const session = await sessions.byId(game.sessionId);
      return {
        id: game.sessionId,
        playerName: session!.playerName,
        game: viewOf(game.state, game.seq),
      };
    },

    /**
     * Player tracking: started against finished, per player (account, else guest name) or per
     * address, since an instant (default: the last 7 days), most starts first.
     */
    async startCounts(input: { by: string; since: string; limit: number }) {
      if (input.by !== 'player' && input.by !== 'address') {
        throw new AppError('INVALID_ARGUMENT', "by must be 'player' or 'address'", { field: 'by' });
      }
      const since =
        input.since === ''
          ? new Date(deps.now().getTime() - 7 * 86_400_000)
          : new Date(input.since);
      if (Number.isNaN(since.getTime())) {
        throw new AppError('INVALID_ARGUMENT', 'since must be a date and time (ISO 8601)', {
          field: 'since',
        });
      }
      return games.startCounts(input.by, since, limitOf(input.limit, STARTS_LIMIT));
    },

    /** Player tracking: the server's timing analysis of the game's actions as received. */
    async timing(id: string) {
      const [session, actions] = await Promise.all([sessions.byId(id), games.actions(id)]);
      if (!session) throw notFound();
      return timingReport({ sessionId: id, seed: session.seed, actions });
    },

    /**
     * What the scores service checks a submission against (the owner asks, through it). A game
     * still being played has its figures from the state held here (its row is a checkpoint).
     */
    async forScoring(id: string, who: Claimant): Promise<ScoringRead> {
      const read = isUuid(id) ? await games.forScoring(id) : undefined;
      if (!read) throw notFound();
      checkOwner(read.owner, who);
      if (read.status === 'ended') return read;
      const { state, status } = await held(id);
      const figures = { score: state.score, level: state.level.currentLevel };
      return { ...read, ...figures, moves: state.totalMoves, status };
    },
  };
}

export type Games = ReturnType<typeof createGames>;
