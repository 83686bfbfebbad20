// The k6 scripts and the node harnesses send the same endpoints in the same proportions: each
// pair reads one scenario file (loadtest/scenarios/mixed.json, scores.json), takes every path
// from it by name, and runs by the same plan's keys; each endpoint is a documented route; k6's
// move finder finds the engine's moves.
import fs from 'node:fs';
import path from 'node:path';
import { createGame, findMoves as engineMoves, gridFromCells } from '@ballmatch/engine';
import { findMoves as k6Moves } from '../k6/moves.js';

const dir = path.join(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
type Endpoints = Record<string, { method: string; path: string }>;
const scenario = JSON.parse(read('scenarios/mixed.json'));
const nodeVisit = read('lib/mixed-visit.mjs');
const k6Visit = read('k6/mixed.js');
const plan = scenario.visit;
const scores = JSON.parse(read('scenarios/scores.json'));
const nodeScores = read('scores.mjs');
const k6Scores = read('k6/scores.js');

/** `keys` (under `prefix`): what a script must name to take them from its scenario. */
const under = (prefix: string, keys: string[]) => keys.map((key) => `${prefix}.${key}`);

/**
 * The script writes no route of its own (each comes from the scenario by its name) and names
 * every one of `keys` (the failure lists those it does not).
 */
function expectTakenFromScenario(source: string, keys: string[]) {
  expect(source).not.toMatch(/['"`]\/api\//);
  expect(keys.map((key) => `${key}: ${source.includes(key)}`)).toEqual(
    keys.map((key) => `${key}: true`),
  );
}

/** Endpoint names the plan sends, from wherever they sit in it. */
const planned = new Set<string>([
  ...plan.pageLoad,
  ...plan.afterGame,
  plan.game.start,
  plan.game.action,
  plan.game.sessionUpdate,
  plan.game.rewardClick,
  ...Object.values(plan.game.impressions as Record<string, string>),
]);

describe('the mixed scenario', () => {
  it('names only endpoints it defines, and sends every one it defines', () => {
    expect([...planned].sort()).toEqual(Object.keys(scenario.endpoints).sort());
  });

  it.each([
    ['the node harness', nodeVisit],
    ['the k6 script', k6Visit],
  ])('%s takes every path from the scenario and plays by its plan', (_, source) => {
    expectTakenFromScenario(source, [
      ...under('plan', ['pageLoad', 'afterGame', 'playerShare', 'socket.channels']),
      'plan.socket.browserHoldMs',
      ...under('game', ['start', 'impressions.ad', 'impressions.icon', 'action', 'actionPaceMs']),
      ...under('game', ['paceJitter', 'sessionUpdateEvery', 'sessionUpdate', 'rewardClick']),
      'game.maxActions',
    ]);
  });

  it('k6 reads the same scenario file and ramps by its figures', () => {
    expect(k6Visit).toContain("open('../scenarios/mixed.json')");
    const ramp = ['startVisitsPerSecond', 'factor', 'stepSeconds', 'fillSeconds', 'maxSteps'];
    expectTakenFromScenario(k6Visit, under('ramp', [...ramp, 'p99LimitMs']));
  });
});

describe('the scores scenario', () => {
  it('names only endpoints it defines, and sends every one it defines', () => {
    const named = [scores.submit.endpoint, ...scores.reads.endpoints, 'activeWeekly'];
    expect(named.sort()).toEqual(Object.keys(scores.endpoints).sort());
  });

  it.each([
    ['the node harness', nodeScores, ['submitPlan.retryShare']],
    ['the k6 script', k6Scores, ['submitPlan.p99LimitMs', 'readPlan.p99LimitMs']],
  ])(
    '%s reads the scenario file and takes its paths, rates and durations from it',
    (_, source, own) => {
      expect(source).toContain("scenarios/scores.json'");
      expectTakenFromScenario(source, [
        ...under('submitPlan', ['endpoint', 'rate', 'seconds']),
        ...under('readPlan', ['endpoints', 'rate', 'seconds']),
        "'activeWeekly'",
        ...own,
      ]);
    },
  );
});

describe('every scenario', () => {
  it.each([
    ['mixed', scenario.endpoints as Endpoints],
    ['scores', scores.endpoints as Endpoints],
  ])('%s: sends documented routes only (docs/api.md)', (_, endpoints) => {
    const api = fs.readFileSync(path.join(dir, '../docs/api.md'), 'utf8');
    const shape = (route: string) => route.split('?')[0].replace(/\{\w+\}/g, '{}');
    const documented = new Set(
      [...api.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) (\/\S+)/gm)].map(
        ([, method, route]) => `${method} ${shape(route)}`,
      ),
    );
    for (const [name, { method, path: route }] of Object.entries(endpoints)) {
      expect(`${name}: ${method} ${shape(route)}`).toBe(
        `${name}: ${[...documented].find((d) => d === `${method} ${shape(route)}`)}`,
      );
    }
  });
});

describe("k6's move finder", () => {
  it('finds exactly the engine’s moves on 500 boards', () => {
    const key = (m: { from: { x: number; y: number }; to: { x: number; y: number } }) =>
      [m.from, m.to]
        .map((c) => `${c.x},${c.y}`)
        .sort()
        .join('-');
    for (let i = 0; i < 500; i++) {
      const cells = createGame(`k6-moves-${i}`).grid.flat();
      const expected = engineMoves({ grid: gridFromCells(cells) })
        .map(key)
        .sort();
      expect(k6Moves(cells).map(key).sort()).toEqual(expected);
    }
  });
});
