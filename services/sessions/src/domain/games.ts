import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  actionCode,
  createGame,
  endGame,
  grantExtraMoves,
  gridCells,
  hasMoves,
  resetGrid,
  swap,
  entryFromCode,
  type CascadeStep,
  type Cell,
  type GameState,
  type LevelProgress,
  type LevelUp,
} from '@ballmatch/engine';
import { AppError, isUuid, type GameResult, type Knex } from '@ballmatch/platform';
import { newEvent } from '@ballmatch/proto';
import {
  END_CODE,
  type GameRecord,
  type GameStore,
  type LogEntry,
  type ScoringRead,
} from '../store/games';
import type { SessionRow, SessionStore } from '../store/sessions';
import { raiseFlag, TIMING_FLAG_TYPE } from './flags';
import { judgeTiming, timingReport } from './timing';

/**
 * Ranked games held by this service (docs/architecture.md 'Ranked games'). The client gets the
 * board it can see and sends each action; the engine applies it here to the state held in this
 * process, timed by this server's clock, and the action is in PostgreSQL's log before it is
 * answered: any replica rebuilds the game from its row (the state at its start or end) and the
 * log. The random generator's state never leaves, so no draw is known before the action that
 * consumes it.
 */

export type PlayerAction =
  | { type: 'swap'; from: Cell; to: Cell }
  | { type: 'reset' }
  | { type: 'extraMoves' }
  | { type: 'end' };

/** The game as the player sees it: the state without its random generator. */
export interface GameView {
  grid: string[];
  score: number;
  level: LevelProgress;
  totalMoves: number;
  totalMatches: number;
  largestRun: number;
  extraMovesGranted: boolean;
  status: GameState['status'];
  hasMoves: boolean;
  seq: number;
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

/** `moves`: whether a move is left, when the engine has just said so (a swap's hasMoves). */
export function viewOf(state: GameState, seq: number, moves = hasMoves(state)): GameView {
  return {
    grid: gridCells(state.grid),
    score: state.score,
    level: state.level,
    totalMoves: state.totalMoves,
    totalMatches: state.totalMatches,
    largestRun: state.largestRun,
    extraMovesGranted: state.extraMovesGranted,
    status: state.status,
    hasMoves: moves,
    seq,
  };
}

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
 * The game as its log has it: the row's checkpoint with the later entries applied, the way
 * they were applied when played; the last one's answer is rebuilt too (the same engine, state
 * and action give the same answer), for a retry of it. An entry the engine refuses means the
 * log and the row disagree: this service's fault, never the player's.
 */
function catchUp(game: GameRecord, later: LogEntry[]): GameRecord {
  let { state, seq, lastAnswer } = game;
  for (const entry of later) {
    if (entry.seq !== seq || entry.code === END_CODE) {
      throw new AppError('INTERNAL', `The log of game ${game.sessionId} is out of step at ${seq}`);
    }
    const { at: _at, ...action } = entryFromCode(entry.code, 0);
    try {
      const applied = apply(state, action, seq + 1);
      state = applied.state;
      lastAnswer = { key: entry.code, answer: applied.answer };
    } catch (error) {
      const reason = (error as Error).message;
      throw new AppError(
        'INTERNAL',
        `The log of game ${game.sessionId} does not replay: ${reason}`,
      );
    }
    seq++;
  }
  return { ...game, state, seq, status: state.status, lastAnswer };
}

/** A small LRU: the games being played in this process. */
function createCache(size: number) {
  const games = new Map<string, GameRecord>();
  return {
    get(id: string): GameRecord | undefined {
      const game = games.get(id);
      if (game) {
        games.delete(id);
        games.set(id, game);
      }
      return game;
    },
    set(game: GameRecord): void {
      games.delete(game.sessionId);
      games.set(game.sessionId, game);
      if (games.size > size) games.delete(games.keys().next().value!);
    },
    drop: (id: string) => games.delete(id),
  };
}

export function createGames(deps: GameDeps) {
  const { games, sessions } = deps;
  const cache = createCache(deps.cacheSize ?? 10_000);

  async function fromStore(id: string): Promise<GameRecord> {
    const stored = isUuid(id) ? await games.byId(id) : undefined;
    if (!stored) throw notFound();
    const game = stored.later.length > 0 ? catchUp(stored.game, stored.later) : stored.game;
    cache.set(game);
    return game;
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
     * One action. `seq` is the count of actions the client had seen applied: the next one is
     * applied; a retry of the last one answers as the first time did; anything else is out of
     * order. Another replica that moved the game first makes the write lose: the game is read
     * again and the action judged against it.
     */
    async play(input: {
      id: string;
      seq: number;
      action: PlayerAction;
      who: Claimant;
    }): Promise<ActionAnswer> {
      const receivedAt = deps.now();
      const cached = cache.get(input.id);
      let game = cached ?? (await fromStore(input.id));
      let fresh = cached === undefined;
      checkOwner(game, input.who);
      const key = keyOf(input.action);
      for (let attempt = 0; attempt < 3; attempt++) {
        const last = game.lastAnswer as { key: number | 'end'; answer: ActionAnswer } | null;
        if (key !== null && input.seq === game.seq - 1 && last?.key === key) {
          return withResult(last.answer, game.result);
        }
        if (input.seq !== game.seq) {
          // This process's copy may be behind another replica's writes: read before refusing.
          if (!fresh) {
            game = await fromStore(input.id);
            fresh = true;
            continue;
          }
          throw new AppError(
            'FAILED_PRECONDITION',
            `The game is at action ${game.seq}, not ${input.seq}: read it again`,
            { field: 'seq' },
          );
        }
        const { state, answer } = apply(game.state, input.action, game.seq + 1);
        if (key === null) throw new Error('the engine accepted a swap it cannot log');
        // Asked only of a grant the engine allows; the ads service down refuses it (503).
        if (input.action.type === 'extraMoves' && !(await deps.rewardClicked(input.id))) {
          throw new AppError('FAILED_PRECONDITION', 'Watch the ad first to earn extra moves', {
            field: 'action',
          });
        }
        const entry = { seq: input.seq, code: key === 'end' ? END_CODE : key, receivedAt };
        const finished = state.status === 'ended';
        const lastAnswer = { key, answer };
        let result: string | null = null;
        const won = finished
          ? await sessions.transaction(async (trx) => {
              if (!(await games.append(input.id, entry, trx))) return false;
              result = await finish(trx, input.id, state, receivedAt, game.userId);
              const end = {
                state,
                seq: input.seq + 1,
                answer: lastAnswer,
                finishedAt: receivedAt,
                result,
              };
              await games.finish(trx, input.id, end);
              return true;
            })
          : await games.append(input.id, entry);
        if (won) {
          cache.set({
            ...game,
            state,
            seq: game.seq + 1,
            status: state.status,
            lastAnswer,
            finishedAt: finished ? receivedAt : game.finishedAt,
            result,
          });
          if (finished) deps.onEventsWritten();
          return withResult(answer, result);
        }
        game = await fromStore(input.id);
        fresh = true;
      }
      throw new AppError('FAILED_PRECONDITION', 'The game moved on: read it again', {
        field: 'seq',
      });
    },

    /** The player stops: a game still being played ends where it stands (and is finished). */
    async stop(id: string, who: Claimant): Promise<void> {
      // A concurrent action can move the game between the read and the end: read again.
      for (let attempt = 0; ; attempt++) {
        const game = await fromStore(id);
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
      checkOwner(cache.get(id) ?? (await fromStore(id)), who);
    },

    async view(id: string, who: Claimant): Promise<GameView> {
      const game = cache.get(id) ?? (await fromStore(id));
      checkOwner(game, who);
      return ownersView(game);
    },

    /** A signed-in player's unfinished game, to pick up on any device. */
    async resume(userId: string): Promise<{ id: string; playerName: string; game: GameView }> {
      const id = await games.unfinishedOf(userId);
      if (!id) throw new AppError('NOT_FOUND', 'No game in progress');
      const game = await fromStore(id);
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
      const limit = input.limit === 0 ? 50 : input.limit;
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        throw new AppError('INVALID_ARGUMENT', 'limit must be a whole number from 1 to 100', {
          field: 'limit',
        });
      }
      return games.startCounts(input.by, since, limit);
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
      const { state, status } = await fromStore(id);
      const figures = { score: state.score, level: state.level.currentLevel };
      return { ...read, ...figures, moves: state.totalMoves, status };
    },
  };
}

export type Games = ReturnType<typeof createGames>;
