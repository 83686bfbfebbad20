// A small run of the realtime comparison (loadtest/realtime/versus-socketio.mjs), so the
// harness does not rot: ours and the Socket.IO server each get a few dozen sockets and a few
// seconds of scores through the same client worker, and every socket must hear every score
// from both (the client's Engine.IO and Socket.IO framing included), with each server's CPU
// and memory measured.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.join(__dirname, '../..');

interface Run {
  target: string;
  sockets: number;
  scores: number;
  delivered: number;
  expected: number;
  duplicates: number;
  closedEarly: number;
  perSocket: { complete: number };
  latencyMs: { p50: number; p95: number; p99: number };
  deliveriesPerSecond: number;
  cpuSeconds: { server: { user: number; system: number } };
  memory: { perIdleSocketKiB: number };
}

it('delivers every score to every socket through ours and through Socket.IO', async () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bm-versus-smoke-')), 'runs.json');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'loadtest/realtime/versus-socketio.mjs',
      '--sockets',
      '40',
      '--rates',
      '10',
      '--duration',
      '2',
      '--source-ips',
      '2',
      '--out',
      out,
    ],
    { cwd: root, timeout: 240_000 },
  );
  const { runs } = JSON.parse(fs.readFileSync(out, 'utf8')) as { runs: Run[] };
  expect(runs.map((r) => r.target)).toEqual(['ballmatch', 'socketio']);
  for (const run of runs) {
    expect({ target: run.target, sockets: run.sockets, scores: run.scores }).toEqual({
      target: run.target,
      sockets: 40,
      scores: 20,
    });
    expect({
      target: run.target,
      delivered: run.delivered,
      complete: run.perSocket.complete,
      duplicates: run.duplicates,
      closedEarly: run.closedEarly,
    }).toEqual({
      target: run.target,
      delivered: 40 * 20,
      complete: 40,
      duplicates: 0,
      closedEarly: 0,
    });
    expect(run.latencyMs.p95).toBeGreaterThanOrEqual(run.latencyMs.p50);
    expect(run.deliveriesPerSecond).toBeGreaterThan(0);
    expect(run.cpuSeconds.server.user + run.cpuSeconds.server.system).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(run.memory.perIdleSocketKiB)).toBe(true);
  }
  // The side-by-side table and the verdict against the goal are printed.
  expect(stdout).toMatch(/\| \| ours \| Socket\.IO \|/);
  expect(stdout).toMatch(/at 10 scores\/s: ours p95 \d+ ms against Socket\.IO's \d+ ms/);
}, 250_000);
