// Worker thread: plays the long games of the seeds it is given with the engine's bot
// (`longGame` of @ballmatch/engine/bots, from the build: a small beam search over the engine's
// own moves, as random or greedy play ends around 50 moves). Every game is a real game: the
// scores service replays it from its seed like any other.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { encodeGameLog } = require('@ballmatch/engine');
const { longGame } = require('@ballmatch/engine/bots');

for (const { index, seed, minMoves } of workerData.jobs) {
  // About 1 seed in 5 falls short with this beam: cheaper to drop it than to search wider.
  const { log, final } = longGame(seed, { minMoves });
  const game =
    final.totalMoves < minMoves
      ? null
      : {
          gameLog: encodeGameLog(log),
          score: final.score,
          level: final.level.currentLevel,
          moves: final.totalMoves,
        };
  parentPort.postMessage({ index, game });
}
