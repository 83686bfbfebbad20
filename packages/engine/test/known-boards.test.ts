// The grids the engine hands out remember their board (src/known-boards.ts); a grid changed in
// place after that must still be read cell by cell, and answer as its JSON copy does (a grid the
// engine never saw, which test/equivalence.test.ts holds to the engine before issue 14).
import { createGame, findMoves, gridCells, hasMoves, swap } from '../src';
import type { GameState } from '../src';
import { greedy, play } from '../src/bots';

const json = (value: unknown) => JSON.stringify(value);

describe('grids the engine handed out', () => {
  it('are plain data: JSON, keys and equality see only the colours', () => {
    const state = createGame('known-plain');
    const copy = JSON.parse(JSON.stringify(state)) as GameState;
    expect(state).toStrictEqual(copy);
    expect(Object.getOwnPropertySymbols(state.grid)).toEqual([]);
    expect(Object.keys(state.grid)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(structuredClone(state)).toStrictEqual(copy);
  });

  it('changed in place after the engine made them, are read as they stand', () => {
    let checked = 0;
    for (let game = 0; game < 60; game++) {
      const { states } = play(createGame(`known-changed-${game}`), { choose: greedy, maxMoves: 8 });
      for (const [k, state] of states.entries()) {
        const moves = findMoves(state);
        if (moves.length === 0 || state.status !== 'active') continue;
        const { from, to } = moves[(game + k) % moves.length];
        // Plant a run in the top row, or change one cell, in the engine's own arrays.
        if (k % 2 === 0) state.grid[0].splice(0, 3, 'red', 'red', 'red');
        else state.grid[7][5] = state.grid[7][5] === 'blue' ? 'green' : 'blue';
        const copy = JSON.parse(json(state)) as GameState;
        expect(json(swap(state, from, to))).toBe(json(swap(copy, from, to)));
        expect(hasMoves(state)).toBe(findMoves(copy).length > 0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('give their cells in order (gridCells is grid.flat()) and whether a move is left', () => {
    const { states } = play(createGame('known-cells'), { choose: greedy });
    for (const state of states) {
      expect(gridCells(state.grid)).toEqual(state.grid.flat());
      expect(hasMoves(state)).toBe(findMoves(state).length > 0);
      expect(hasMoves(JSON.parse(JSON.stringify(state)))).toBe(findMoves(state).length > 0);
    }
  });

  it('share frozen step pieces between results, so no holder can change another', () => {
    const { log, states } = play(createGame('known-pieces'), { choose: greedy, maxMoves: 20 });
    const entry = log.find((e, k) => e.type === 'swap' && k > 0);
    if (entry?.type !== 'swap') throw new Error('no swap');
    const state = states[log.indexOf(entry) - 1];
    const [a, b] = [swap(state, entry.from, entry.to), swap(state, entry.from, entry.to)];
    if (!a.ok || !b.ok) throw new Error('refused');
    const step = a.steps[0];
    expect(step.removed[0]).toBe(b.steps[0].removed[0]);
    expect(Object.isFrozen(step.removed[0])).toBe(true);
    expect(Object.isFrozen(step.cleared[0])).toBe(true);
    expect(Object.isFrozen(step.cleared[0].cells)).toBe(true);
    expect(step.falls.every((fall) => Object.isFrozen(fall) && Object.isFrozen(fall.to))).toBe(
      true,
    );
    expect(step.spawned.every((spawn) => Object.isFrozen(spawn))).toBe(true);
    expect(step.removed).not.toBe(b.steps[0].removed); // the lists are each result's own
  });
});
