// Finds a long legal game for the replay benchmark and the golden replay test. Random or greedy
// play ends by level 5 (about 50 moves), so this beam search uses the engine itself to look at
// every move of the best few thousand games at each depth. It writes bench/fixtures/long-game.json.
// Run: npm run bench:fixture -w packages/engine [-- <seed> <beam width> <target moves>]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGame, encodeGameLog, findMoves, grantExtraMoves, resetGrid, swap } from '../src';
import { LEVEL } from '../src';
import type { GameLog, GameLogEntry, GameState, WireGameLog } from '../src';
import { baseMovesFor, targetMatchesFor } from '../src/level';

interface Node {
  state: GameState;
  entry: GameLogEntry | null;
  parent: Node | null;
}

/** Target balls a good move sequence collects per move, on average (tuned: 3.5 reaches 300 moves). */
const BALLS_PER_MOVE = Number(process.env.BALLS_PER_MOVE ?? 3.5);

/**
 * How promising a game is for lasting long, comparing games after the same number of moves:
 * the balls this level's remaining moves should bring beyond what it still needs, minus the
 * surplus of every level already started (a game that levelled up early has spent those).
 */
function promise(state: GameState): number {
  const level = state.level;
  const movesLeft = level.movesAllowed - level.movesUsed + (state.extraMovesGranted ? 0 : 7);
  let value = movesLeft * BALLS_PER_MOVE - (level.targetMatches - level.matchesCollected);
  for (let k = 2; k <= level.currentLevel; k++) {
    value -= (baseMovesFor(k) + LEVEL.levelUpBonusMoves) * BALLS_PER_MOVE - targetMatchesFor(k);
  }
  return value;
}

function children(node: Node, at: number): Node[] {
  const { state } = node;
  if (state.status === 'gameOverPending') {
    const granted = grantExtraMoves(state);
    return granted.ok
      ? [{ state: granted.state, entry: { type: 'extraMoves', at }, parent: node }]
      : [];
  }
  if (state.status !== 'active') return [];
  const moves = findMoves(state);
  if (moves.length === 0) {
    const reset = resetGrid(state);
    return reset.ok ? [{ state: reset.state, entry: { type: 'reset', at }, parent: node }] : [];
  }
  const out: Node[] = [];
  for (const { from, to } of moves) {
    const result = swap(state, from, to);
    if (result.ok)
      out.push({ state: result.state, entry: { type: 'swap', from, to, at }, parent: node });
  }
  return out;
}

function logOf(node: Node): GameLog {
  const entries: GameLogEntry[] = [];
  for (let n: Node | null = node; n; n = n.parent) if (n.entry) entries.push(n.entry);
  return entries.reverse();
}

export function searchLongGame(seed: string, width: number, targetMoves: number): Node {
  let beam: Node[] = [{ state: createGame(seed), entry: null, parent: null }];
  let best = beam[0];
  let at = 1_700_000_000_000;
  for (let depth = 0; beam.length > 0 && best.state.totalMoves < targetMoves; depth++) {
    at += 700 + ((depth * 7919) % 1900);
    const next = beam.flatMap((node) => children(node, at));
    next.sort((a, b) => promise(b.state) - promise(a.state));
    const seen = new Set<string>();
    beam = [];
    for (const node of next) {
      if (node.state.totalMoves > best.state.totalMoves) best = node;
      if (node.state.status === 'ended') continue;
      const key = `${node.state.score}|${node.state.level.movesUsed}|${node.state.grid.join()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      beam.push(node);
      if (beam.length >= width) break;
    }
  }
  return best;
}

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
  const best = searchLongGame(seed, Number(width), Number(target));
  const log = logOf(best);
  const fixture = {
    seed,
    moves: best.state.totalMoves,
    score: best.state.score,
    level: best.state.level.currentLevel,
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
