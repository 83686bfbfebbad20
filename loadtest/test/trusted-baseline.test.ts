// The before/after report of the trusted-game harness (`--baseline`, loadtest/lib/
// trusted-baseline.mjs) from made-up run reports, without a stack: the runs' order, the
// per-game figure, each side's medians, the new ÷ old column and the row checks in its tables.
// (A real `--baseline HEAD` run takes over two minutes on this machine the first time: a
// worktree's `npm ci` and build, then two runs; it is not run here.)
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const lib = pathToFileURL(path.join(__dirname, '../lib/trusted-baseline.mjs')).href;

interface Checks {
  table: { what: string; told: number; rows: number }[];
  mismatches: unknown[];
  lost: number;
  duplicated: number;
  outboxLeft: number;
  failures: number;
  retries: number;
  resendsDiffering: number;
}

/** The parts of a run's report (trusted-games.mjs) that the comparison reads. */
function report(perAction: number, perSubmission: number, checks: Partial<Checks> = {}) {
  const cpu = { restOfMachineMs: 500, wallMs: 1000 };
  return {
    actions: {
      perSecond: 266,
      roundTripMs: { p95: 5 },
      netStackCpuMsPerAction: perAction,
      netCpuMsPerActionByProcess: { sessions: perAction / 2, gateway: perAction / 2 },
      cpu,
    },
    submissions: {
      perSecond: 100,
      latencyMs: { p99: 40 },
      actionsPerGame: 40.5,
      netStackCpuMsPerSubmission: perSubmission,
      netCpuMsPerSubmissionByProcess: { scores: perSubmission },
      cpu,
    },
    checks: {
      table: [{ what: 'scores accepted (scores.scores)', told: 10, rows: 10 }],
      mismatches: [],
      ...{ lost: 0, duplicated: 0, outboxLeft: 0, failures: 0, retries: 0 },
      ...checks,
    },
  };
}

/** The library is an ES module: its functions run in a Node of their own on `runs`. */
function compareRuns(runs: { side: string; report: ReturnType<typeof report> }[]) {
  const script = `
    import fs from 'node:fs';
    import * as b from ${JSON.stringify(lib)};
    const runs = JSON.parse(fs.readFileSync(0, 'utf8')).map((r, i) => ({
      number: i + 1, side: r.side, report: r.report, figures: b.runFigures(r.report, 41),
    }));
    const { medians, ratios } = b.compare(runs);
    process.stdout.write(JSON.stringify({
      order: b.runOrder(3),
      medians,
      ratios,
      markdown: b.markdown({ runs, medians, ratios }),
      rowsHold: runs.map((r) => b.rowsHold(r.report.checks)),
    }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      input: JSON.stringify(runs),
      encoding: 'utf8',
    }),
  );
}

it('alternates old and new, compares the medians, and shows each run and its rows', () => {
  const result = compareRuns([
    { side: 'old', report: report(2.2, 10) },
    { side: 'new', report: report(1.1, 9) },
    { side: 'new', report: report(0.9, 8, { outboxLeft: 1 }) },
    { side: 'old', report: report(1.8, 12, { resendsDiffering: 1 }) },
    { side: 'old', report: report(2, 11) },
    {
      side: 'new',
      report: report(1, 10, {
        table: [{ what: 'scores accepted (scores.scores)', told: 10, rows: 9 }],
        mismatches: [{ what: 'scores accepted (scores.scores)', told: 10, rows: 9 }],
      }),
    },
  ]);
  // ABBA: a machine that drifts over the session weighs on both sides alike.
  expect(result.order).toEqual(['old', 'new', 'new', 'old', 'old', 'new']);
  expect(result.medians.old.perAction['all processes']).toBe(2);
  expect(result.medians.new.perAction['all processes']).toBe(1);
  expect(result.ratios.perAction['all processes']).toBe(0.5);
  expect(result.ratios.perSubmission.scores).toBe(0.818); // 9 / 11
  // Per game: per action × 41 + per submission, for each run, then the medians.
  expect(result.medians.old.perGame['all processes']).toBe(2 * 41 + 11);
  expect(result.medians.new.perGame['all processes']).toBe(1 * 41 + 10);
  expect(result.ratios.perGame.gateway).toBe(0.5);

  const lines: string[] = result.markdown.split('\n');
  expect(lines).toContain(
    '| **all processes** | **2.2 / 1.8 / 2** | **1.1 / 0.9 / 1** | **2** | **1** | **0.50** |',
  );
  expect(lines).toContain(
    '| actions a game (measured) | 40.5 / 40.5 / 40.5 | 40.5 / 40.5 / 40.5 | 40.5 | 40.5 |',
  );
  // The row checks: what the clients were told against the rows, a run at a time.
  expect(lines).toContain('| 1. old | 10 = 10 | 0 | 0 | 0 | 0 | 0 | 0, 0 |');
  expect(lines).toContain('| 3. new | 10 = 10 | 0 | 1 | 0 | 0 | 0 | 0, 0 |');
  expect(lines).toContain('| 4. old | 10 = 10 | 0 | 0 | 0 | 0 | 1 | 0, 0 |');
  expect(lines).toContain('| 6. new | 10 ≠ 9 | 0 | 0 | 0 | 0 | 0 | 0, 0 |');
  expect(result.rowsHold).toEqual([true, true, false, false, true, false]);
});
