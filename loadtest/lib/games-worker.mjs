// Worker thread: plays the long games of the seeds it is given (see long-game.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { longGame } from './long-game.mjs';

for (const { index, seed, minMoves } of workerData.jobs) {
  // About 1 seed in 5 falls short with this beam: cheaper to drop it than to search wider.
  parentPort.postMessage({ index, game: longGame(seed, { minMoves }) });
}
