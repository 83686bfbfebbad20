// Helpers for the game tests: engine-side move choice and a recording stand-in for the
// services a GameFlow talks to.
import { findMoves, swap, type GameState, type Move } from '@ballmatch/engine';
import type { FlowServices } from '@/features/game/model/game-flow';
import type { SessionFigures } from '@/features/game/api/player-session';

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

export interface RecordedServices extends FlowServices {
  calls: {
    sessions: Array<{ id: string; figures: SessionFigures }>;
    toasts: Array<{ title: string; description?: string }>;
    sounds: string[];
    playCount: number;
    completed: number;
    impressions: number;
    adsOpened: number;
  };
  clock: { now: number };
}

export function recordingServices(
  options: { seed?: string; failSession?: boolean } = {},
): RecordedServices {
  const calls: RecordedServices['calls'] = {
    sessions: [],
    toasts: [],
    sounds: [],
    playCount: 0,
    completed: 0,
    impressions: 0,
    adsOpened: 0,
  };
  const clock = { now: 1000 };
  return {
    calls,
    clock,
    createSession: async () => {
      if (options.failSession) throw new Error('502: Bad Gateway');
      return { id: 'session-1', seed: options.seed ?? 'test-seed-1' };
    },
    updateSession: async (id, figures) => {
      calls.sessions.push({ id, figures: structuredClone(figures) });
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
    adIds: () => [],
    openAd: () => {
      calls.adsOpened += 1;
    },
    sound: (name) => calls.sounds.push(name),
    music: () => undefined,
    toast: (input) => calls.toasts.push({ title: input.title, description: input.description }),
    randomSeed: () => 'practice-seed',
    now: () => (clock.now += 1500),
  };
}
