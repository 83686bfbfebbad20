// A smoke run of the cost-per-trusted-game harness (loadtest/trusted-games.mjs: its own stores
// and stack, a few typical games played at a fast pace and submitted), so the harness keeps
// working: actions and submissions answered, every process's CPU measured, and the rows in
// PostgreSQL equal to what the clients were told.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.join(__dirname, '../..');

// Actions over the game socket (the page's way: through the gateway; or straight to the
// sessions service's own port, the path issue 21 may take) and over HTTP (its fallback).
it.each([
  ['ws', 'gateway'],
  ['ws', 'direct'],
  ['http', 'gateway'],
])(
  'plays (actions over %s, %s) and submits typical games, counting every row',
  async (transport, gameSocket) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-trusted-smoke-'));
    const out = path.join(dir, 'report.json');
    await promisify(execFile)(
      process.execPath,
      [
        'loadtest/trusted-games.mjs',
        ...['--game', 'typical', '--games', '6', '--pace-ms', '300', '--warmup', '1'],
        ...['--duration', '3', '--rest', '1', '--submissions', '8', '--submit-rate', '20'],
        ...['--transport', transport, '--game-socket', gameSocket, '--out', out],
      ],
      { cwd: root, timeout: 240_000 },
    );
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    fs.rmSync(dir, { recursive: true, force: true });
    expect(report.path).toMatchObject({ transport, answers: expect.any(Number) });
    if (transport === 'ws') {
      // Through the gateway: its port; straight to sessions: another.
      expect(report.path.gameSocket).toBe(gameSocket);
      const viaGateway = new URL(report.path.url).port === new URL(report.path.gateway).port;
      expect(viaGateway ? 'gateway' : 'direct').toBe(gameSocket);
    }
    expect(report.actions.actions).toBeGreaterThan(0);
    expect(report.submissions.submitted).toBe(8); // fewer than 10: none set aside to warm up
    expect(report.submissions.accepted).toBe(report.submissions.submitted);
    // Every process of the stack, stores included, was found and measured (the gateway: on
    // the paths through it; straight to sessions, it may see no request in 3 s).
    const measured =
      gameSocket === 'direct' ? ['sessions', 'postgres'] : ['gateway', 'sessions', 'postgres'];
    for (const group of measured) {
      expect(`${group}: ${(report.actions.cpu.groups[group] ?? 0) > 0}`).toBe(`${group}: true`);
    }
    expect(report.submissions.cpu.groups.scores ?? 0).toBeGreaterThan(0);
    expect(report.actions.netStackCpuMsPerAction).toBeGreaterThan(0);

    const { checks } = report;
    expect(checks.mismatches).toEqual([]);
    // Played at a person's pace (never before the page could show an answer): none held.
    expect(checks.scoresHeldForReview).toBe(0);
    expect(checks).toMatchObject({ lost: 0, duplicated: 0, outboxLeft: 0, failures: 0 });
    // Every service's outbox was looked at, not only the scores service's.
    expect(Object.keys(checks.outboxLeftBySchema)).toEqual(
      expect.arrayContaining(['auth', 'scores']),
    );
    const rows = Object.fromEntries(
      (checks.table as { what: string; told: number; rows: number }[]).map((r) => [r.what, r]),
    );
    expect(rows['scores accepted (scores.scores)']!.rows).toBe(8);
    expect(rows['actions applied (sessions.game_actions)']!.rows).toBeGreaterThan(0);
  },
  250_000,
);
