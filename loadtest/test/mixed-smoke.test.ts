// A smoke run of the mixed load harness (loadtest/mixed.mjs --smoke: its own stores and stack,
// a few seconds at two visits a second, short games), so the harness keeps working: every
// endpoint of the scenario answered, nothing failed, every process's CPU measured, and the rows
// in PostgreSQL equal to what the clients were told.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.join(__dirname, '../..');
const scenario = JSON.parse(
  fs.readFileSync(path.join(root, 'loadtest/scenarios/mixed.json'), 'utf8'),
);

interface Endpoint {
  count: number;
  failed: number;
}
interface Step {
  requests: number;
  failed: number;
  unanswered: number;
  gamesSubmitted: number;
  endpoints: Record<string, Endpoint>;
  sockets: { opened: number; failed: number; messages: number };
  cpu: { groups: Record<string, { cpuSeconds: number }>; stackMsPerRequest: number };
}
interface Check {
  clients: number;
  rows: number;
}

it('runs the mixed workload end to end and counts every row', async () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bm-mixed-smoke-')), 'report.json');
  await promisify(execFile)(process.execPath, ['loadtest/mixed.mjs', '--smoke', '--out', out], {
    cwd: root,
    timeout: 240_000,
  });
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  expect(report.stores).toBe('own');
  expect(report.steps).toHaveLength(1);
  const [step] = report.steps as Step[];
  expect({ failed: step.failed, unanswered: step.unanswered }).toEqual({
    failed: 0,
    unanswered: 0,
  });
  expect(step.gamesSubmitted).toBeGreaterThan(0);
  // The reward link is followed only when a game runs out of moves: rare in a 6-action game.
  const sent = Object.keys(scenario.endpoints).filter((name) => name !== 'rewardClick');
  for (const name of sent)
    expect(`${name}: ${(step.endpoints[name]?.count ?? 0) > 0}`).toBe(`${name}: true`);
  expect(step.sockets.opened).toBeGreaterThan(0);
  expect(step.sockets.failed).toBe(0);
  expect(step.sockets.messages).toBeGreaterThan(0);
  // Every process that works on each request was found and measured (Redis and NATS may use
  // less than one 10 ms clock tick in a run this short, so they can read zero).
  for (const group of ['gateway', 'sessions', 'scores', 'ads', 'postgres', 'load generator']) {
    expect(`${group}: ${(step.cpu.groups[group]?.cpuSeconds ?? 0) > 0}`).toBe(`${group}: true`);
  }
  expect(step.cpu.stackMsPerRequest).toBeGreaterThan(0);

  const checks = report.checks;
  expect(checks.mismatches).toEqual([]);
  expect({
    lost: checks.lost,
    duplicated: checks.duplicated,
    outboxLeft: checks.outboxLeft,
  }).toEqual({
    lost: 0,
    duplicated: 0,
    outboxLeft: 0,
  });
  const counted = Object.entries(checks as Record<string, unknown>).filter(
    (entry): entry is [string, Check] =>
      typeof entry[1] === 'object' && entry[1] !== null && 'clients' in entry[1],
  );
  expect(counted.map(([name]) => name)).toEqual(
    expect.arrayContaining([
      'gamesStarted',
      'actionsApplied',
      'scoresAccepted',
      'adImpressions',
      'iconImpressions',
    ]),
  );
  for (const [, check] of counted) expect(check.rows).toBe(check.clients);
  expect(checks.scoresAccepted.clients).toBeGreaterThan(0);
  expect(checks.adImpressions.clients).toBeGreaterThan(0);
}, 250_000);
