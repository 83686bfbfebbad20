// Helpers for the game tests: engine-side move choice, a stand-in for the game server (the
// sessions service as docs/api.md 'Ranked games' describes it: it holds the engine's state and
// answers each action with what happened) and a recording stand-in for a GameFlow's services.
import { createGame, findMoves, swap, type GameState, type Move } from '@ballmatch/engine';
import type { GameOffers, RewardOffer } from '@/features/game/model/ad-offers';
import type { FlowServices } from '@/features/game/model/game-flow';
import { playLocally } from '@/features/game/model/local-play';
import type { SessionFigures } from '@/features/game/api/player-session';
import {
  viewOfState,
  type ActionAnswer,
  type GameView,
  type PlayerAction,
} from '@/features/game/model/game-view';
import { ApiError } from '@/lib/api-client';

/** The valid move that collects the fewest target balls (so a game runs out of moves). */
export function slowMove(state: GameState): Move {
  const moves = findMoves(state);
  let best = moves[0];
  let bestScore = Infinity;
  for (const move of moves) {
    const result = swap(state, move.from, move.to);
    if (!result.ok) continue;
    const cost = result.targetCollected * 100 + (result.levelUp ? 10_000 : 0);
    if (cost < bestScore) {
      best = move;
      bestScore = cost;
    }
  }
  return best;
}

/** The valid move with the biggest run (to reach session updates on runs of 5+). */
export function moveWithRun(state: GameState, minRun: number): Move | null {
  for (const move of findMoves(state)) {
    const result = swap(state, move.from, move.to);
    if (result.ok && result.largestRun >= minRun) return move;
  }
  return null;
}

const refused = (message: string, field: string) =>
  new ApiError(422, 'Unprocessable Entity', JSON.stringify({ message, field }));

/**
 * The server's side of one ranked game: the engine's state (random generator included, which
 * the client never sees), `seq`, and the last answer for a retry with the same `seq`.
 */
export class FakeGameServer {
  state: GameState;
  seq = 0;
  private last: { seq: number; key: string; answer: ActionAnswer } | null = null;
  readonly received: Array<{ seq: number; action: PlayerAction }> = [];

  constructor(seed: string) {
    this.state = createGame(seed);
  }

  get view(): GameView {
    return viewOfState(this.state, this.seq);
  }

  play(body: { seq: number; action: PlayerAction }): ActionAnswer {
    this.received.push(structuredClone(body));
    const key = JSON.stringify(body.action);
    if (this.last && body.seq === this.last.seq && key === this.last.key) return this.last.answer;
    if (body.seq !== this.seq) {
      throw refused(`The game is at action ${this.seq}, not ${body.seq}: read it again`, 'seq');
    }
    const answer = this.apply(body.action);
    this.last = { seq: body.seq, key, answer };
    return answer;
  }

  private apply(action: PlayerAction): ActionAnswer {
    const played = playLocally(this.state, action);
    if (!played.ok) throw refused(played.message, 'action');
    this.state = played.state;
    this.seq += 1;
    return { game: this.view, ...played.answer };
  }
}

export interface RecordedServices extends FlowServices {
  calls: {
    sessions: Array<{ id: string; credential: string; figures: SessionFigures }>;
    actions: Array<{ id: string; credential: string; seq: number; action: PlayerAction }>;
    reads: number;
    toasts: Array<{ title: string; description?: string }>;
    sounds: string[];
    playCount: number;
    completed: number;
    impressions: number;
    adsOpened: number;
    /** The reward offer each 'Watch Ad' opened. */
    rewardsOpened: Array<RewardOffer | null>;
  };
  clock: { now: number };
  /** The game server's side of the game (null until a session is created). */
  server: FakeGameServer | null;
}

/** The offers of a ranked game with no ad running: no face, the house ad as the reward. */
export const HOUSE_OFFERS: GameOffers = {
  faces: [],
  reward: { id: 'offer-house', kind: 'house', adId: '', imageUrl: '' },
};

export function recordingServices(
  options: {
    /** The offers a new game comes with (default: the house ad's only). */
    offers?: GameOffers | null;
    seed?: string;
    failSession?: boolean;
    /** A signed-in player's unfinished game, for currentGame(). */
    current?: FakeGameServer;
    /** Changes the server's new game before the page sees it. */
    prepare?: (server: FakeGameServer) => void;
  } = {},
): RecordedServices {
  const calls: RecordedServices['calls'] = {
    sessions: [],
    actions: [],
    reads: 0,
    toasts: [],
    sounds: [],
    playCount: 0,
    completed: 0,
    impressions: 0,
    adsOpened: 0,
    rewardsOpened: [],
  };
  const clock = { now: 1000 };
  const services: RecordedServices = {
    calls,
    clock,
    server: options.current ?? null,
    createSession: async () => {
      if (options.failSession) throw new Error('502: Bad Gateway');
      services.server = new FakeGameServer(options.seed ?? 'test-seed-1');
      options.prepare?.(services.server);
      return {
        id: 'session-1',
        credential: 'cred-1',
        game: services.server.view,
        offers: options.offers === undefined ? HOUSE_OFFERS : options.offers,
      };
    },
    currentGame: async () =>
      options.current
        ? { id: 'session-0', playerName: 'alice', game: options.current.view, offers: HOUSE_OFFERS }
        : null,
    playAction: async (id, credential, body) => {
      calls.actions.push({ id, credential, ...structuredClone(body) });
      return services.server!.play(body);
    },
    readGame: async () => {
      calls.reads += 1;
      return services.server!.view;
    },
    updateSession: async (id, credential, figures) => {
      calls.sessions.push({ id, credential, figures: structuredClone(figures) });
    },
    incrementPlayCount: async () => {
      calls.playCount += 1;
    },
    recordCompletedGame: async () => {
      calls.completed += 1;
    },
    recordImpressions: () => {
      calls.impressions += 1;
    },
    openAd: (reward) => {
      calls.adsOpened += 1;
      calls.rewardsOpened.push(reward);
    },
    sound: (name) => calls.sounds.push(name),
    music: () => undefined,
    toast: (input) => calls.toasts.push({ title: input.title, description: input.description }),
    randomSeed: () => 'practice-seed',
    now: () => (clock.now += 1500),
  };
  return services;
}
