// Finds a long legal game for the replay benchmark and the golden replay test: the bots' beam
// search (src/bots.ts, also what the load test plays) with a wide beam, looking at every move of
// the best thousand games at each depth. It writes bench/fixtures/long-game.json.
// Run: npm run bench:fixture -w packages/engine [-- <seed> <beam width> <target moves>]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { longGame } from '../src/bots';
import { encodeGameLog } from '../src';
import type { WireGameLog } from '../src';

/** Its own times, so the same search finds the very game in bench/fixtures again. */
const fixtureGap = (depth: number): number => 700 + ((depth * 7919) % 1900);

/** JSON laid out as Prettier lays it out, one entry per line, so the lint check passes. */
function formatFixture(fixture: {
  seed: string;
  moves: number;
  score: number;
  level: number;
  log: WireGameLog;
}): string {
  const entries = fixture.log.e.map(([action, gap]) => `      [${action}, ${gap}]`).join(',\n');
  return [
    '{',
    `  "seed": ${JSON.stringify(fixture.seed)},`,
    `  "moves": ${fixture.moves},`,
    `  "score": ${fixture.score},`,
    `  "level": ${fixture.level},`,
    '  "log": {',
    `    "v": ${fixture.log.v},`,
    `    "t0": ${fixture.log.t0},`,
    entries ? `    "e": [\n${entries}\n    ]` : '    "e": []',
    '  }',
    '}',
    '',
  ].join('\n');
}

function main(): void {
  const [seed = 'bench-long-game', width = '1000', target = '300'] = process.argv.slice(2);
  const started = Date.now();
  const { log, final } = longGame(seed, {
    minMoves: Number(target),
    width: Number(width),
    distinctBy: 'board',
    gap: fixtureGap,
  });
  const fixture = {
    seed,
    moves: final.totalMoves,
    score: final.score,
    level: final.level.currentLevel,
    log: encodeGameLog(log),
  };
  const file = join(__dirname, '..', '..', '..', 'bench', 'fixtures', 'long-game.json');
  writeFileSync(file, formatFixture(fixture));
  console.log(
    `seed ${seed}: ${fixture.moves} moves, level ${fixture.level}, score ${fixture.score}, ` +
      `${log.length} entries, ${Date.now() - started} ms -> ${file}`,
  );
}

if (require.main === module) main();
