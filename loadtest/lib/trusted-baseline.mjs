// Before and after, alternating (`node loadtest/trusted-games.mjs --baseline <ref>`): the tree
// of <ref> is built beside this one (baseline-tree.mjs), then --rounds rounds of one run each
// side, in the order old new, new old, old new, … (so a machine that speeds up or slows down
// over the session weighs on both sides alike). Every run is this harness in a process of its
// own with the same workload and seed, starting its own stores and stack from its tree's built
// code (`--tree`), and counting its rows after. Then the median of each figure per side and
// the ratio new ÷ old, as one JSON in loadtest/results/ and Markdown tables for
// docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/stack.mjs';
import { nodeOf, prepareBaselineTree } from './baseline-tree.mjs';
import { resultsDir } from './load-stack.mjs';

/**
 * The game a per-game figure is for: per action × these actions + per submission, the same
 * count for both sides (the typical game's mean in the runs of record, the long game's
 * fixture), so a side whose players happened to play longer games is not charged for it.
 */
export const ACTIONS_PER_GAME = { typical: 41, long: 307 };

/** The options every run gets as given: the workload. */
const WORKLOAD = [
  'game',
  'games',
  'pace-ms',
  'warmup',
  'duration',
  'rest',
  'submissions',
  'submit-rate',
  'connections',
  'transport',
];

const TOTAL = 'all processes';

/** old new, new old, old new, …: one run each side per round. */
export function runOrder(rounds) {
  const order = [];
  for (let r = 0; r < rounds; r++) order.push(...(r % 2 === 0 ? ['old', 'new'] : ['new', 'old']));
  return order;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const round = (n, d) => Math.round(n * 10 ** d) / 10 ** d;

/** The figures of one run's report that the tables compare (net of the stack at rest). */
export function runFigures(report, actionsPerGame) {
  const a = report.actions;
  const s = report.submissions;
  const perAction = { ...a.netCpuMsPerActionByProcess, [TOTAL]: a.netStackCpuMsPerAction };
  const perSubmission = {
    ...s.netCpuMsPerSubmissionByProcess,
    [TOTAL]: s.netStackCpuMsPerSubmission,
  };
  const perGame = Object.fromEntries(
    [...new Set([...Object.keys(perAction), ...Object.keys(perSubmission)])].map((group) => [
      group,
      round((perAction[group] ?? 0) * actionsPerGame + (perSubmission[group] ?? 0), 2),
    ]),
  );
  const cores = (cpu) => round(cpu.restOfMachineMs / cpu.wallMs, 2);
  return {
    perAction,
    perSubmission,
    perGame,
    conditions: {
      'actions/s': a.perSecond,
      'action round trip p95 (ms)': a.roundTripMs.p95,
      'submissions/s': s.perSecond,
      'submission p99 (ms)': s.latencyMs.p99,
      'actions a game (measured)': s.actionsPerGame,
      "other people's CPU, actions phase (cores)": cores(a.cpu),
      "other people's CPU, submissions phase (cores)": cores(s.cpu),
    },
  };
}

/** Per side, the median of each figure over its runs (a group a run lacked counts as 0). */
export function sideMedians(figures) {
  const out = {};
  for (const unit of [...UNITS, 'conditions']) {
    const keys = [...new Set(figures.flatMap((f) => Object.keys(f[unit])))];
    out[unit] = Object.fromEntries(
      keys.map((k) => [k, round(median(figures.map((f) => f[unit][k] ?? 0)), 3)]),
    );
  }
  return out;
}

const UNITS = ['perAction', 'perSubmission', 'perGame'];

/**
 * The runs compared: each side's medians, and new ÷ old of each median (per unit and process
 * group; none where the old median is 0).
 */
export function compare(runs) {
  const medians = {
    old: sideMedians(runs.filter((r) => r.side === 'old').map((r) => r.figures)),
    new: sideMedians(runs.filter((r) => r.side === 'new').map((r) => r.figures)),
  };
  const ratios = {};
  for (const unit of UNITS) {
    const keys = new Set([...Object.keys(medians.old[unit]), ...Object.keys(medians.new[unit])]);
    ratios[unit] = Object.fromEntries(
      [...keys]
        .filter((k) => (medians.old[unit][k] ?? 0) > 0)
        .map((k) => [k, round((medians.new[unit][k] ?? 0) / medians.old[unit][k], 3)]),
    );
  }
  return { medians, ratios };
}

/**
 * Whether a run's rows are what its clients were told, with nothing left in any outbox and
 * every resent submission answered as the first time.
 */
export const rowsHold = (checks) =>
  checks.mismatches.length === 0 &&
  checks.lost === 0 &&
  checks.duplicated === 0 &&
  checks.outboxLeft === 0 &&
  (checks.resendsDiffering ?? 0) === 0;

const fmt = (n, d = 3) =>
  n === undefined ? '' : n.toLocaleString('en', { maximumFractionDigits: d });

function markdownTable(header, rows) {
  const lines = [header, header.map(() => '---'), ...rows];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** The tables for docs/benchmarks.md: per unit by process, medians, ratio; conditions; rows. */
export function markdown({
  runs,
  medians,
  ratios,
  digits = { perAction: 3, perSubmission: 2, perGame: 1 },
}) {
  const bySide = (side) => runs.filter((r) => r.side === side);
  const list = (side, unit, key, d) =>
    bySide(side)
      .map((r) => fmt(r.figures[unit][key] ?? 0, d))
      .join(' / ');
  const ratio = (unit, key) => ratios[unit][key]?.toFixed(2) ?? '';
  const titles = {
    perAction: 'per action (net, ms of CPU)',
    perSubmission: 'per submission (net, ms of CPU)',
    perGame: 'per game (net, ms of CPU)',
  };
  const tables = Object.entries(titles).map(([unit, title]) => {
    const d = digits[unit];
    const keys = Object.keys(medians.new[unit])
      .concat(Object.keys(medians.old[unit]))
      .filter((k, i, all) => all.indexOf(k) === i && k !== TOTAL)
      .sort((a, b) => (medians.new[unit][b] ?? 0) - (medians.new[unit][a] ?? 0));
    const row = (key, name = key) => [
      name,
      list('old', unit, key, d),
      list('new', unit, key, d),
      fmt(medians.old[unit][key] ?? 0, d),
      fmt(medians.new[unit][key] ?? 0, d),
      ratio(unit, key),
    ];
    const total = row(TOTAL).map((cell) => (cell ? `**${cell}**` : cell));
    return markdownTable(
      [title, 'old (each run)', 'new (each run)', 'old median', 'new median', 'new ÷ old'],
      [...keys.map((k) => row(k)), total],
    );
  });
  const conditions = markdownTable(
    ['conditions', 'old (each run)', 'new (each run)', 'old median', 'new median'],
    Object.keys(medians.new.conditions).map((key) => [
      key,
      list('old', 'conditions', key, 2),
      list('new', 'conditions', key, 2),
      fmt(medians.old.conditions[key], 2),
      fmt(medians.new.conditions[key], 2),
    ]),
  );
  const what = runs[0].report.checks.table.map((t) => t.what);
  const rows = markdownTable(
    [
      'run',
      ...what,
      'held for review',
      'outbox left',
      'lost',
      'duplicated',
      'resends answered otherwise',
      'failures, retries',
    ],
    runs.map(({ side, number, report: { checks } }) => [
      `${number}. ${side}`,
      ...what.map((w) => {
        const t = checks.table.find((x) => x.what === w);
        return t ? `${fmt(t.told, 0)} ${t.told === t.rows ? '=' : '≠'} ${fmt(t.rows, 0)}` : '';
      }),
      `${checks.scoresHeldForReview ?? 0}`,
      `${checks.outboxLeft}`,
      `${checks.lost}`,
      `${checks.duplicated}`,
      `${checks.resendsDiffering ?? 0}`,
      `${checks.failures}, ${checks.retries}`,
    ]),
  );
  return [...tables, conditions, rows].join('\n\n');
}

/** One run of the harness on `tree`, in its own process; its report, or an error. */
function runOnce({ harness, tree, argv, label, out, onChild }) {
  return new Promise((resolve, reject) => {
    // Its own process group: a Ctrl-C reaches this process, which passes it on once.
    const child = spawn(nodeOf(tree), [harness, ...argv, '--tree', tree, '--out', out], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    onChild(child);
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let buffer = '';
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop();
        for (const line of lines) sink.write(`[${label}] ${line}\n`);
      });
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      onChild(null);
      // 2: the run finished but its rows did not hold; its report says which.
      if ((code === 0 || code === 2) && fs.existsSync(out)) {
        resolve(JSON.parse(fs.readFileSync(out, 'utf8')));
      } else {
        reject(new Error(`${label}: the run failed (${signal ?? `exit ${code}`}); see above`));
      }
    });
  });
}

/**
 * The whole before/after: `args` are trusted-games.mjs's parsed options, `harness` its file.
 * Exit code 2 when a run's rows did not hold.
 */
export async function runBaseline({ args, harness, log }) {
  const rounds = Number(args.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds is a whole number ≥ 1');
  if (args.tree) throw new Error('--baseline compares this tree with <ref>: leave --tree out');
  const seed = args.seed ?? randomUUID();
  const sockets = { new: args['game-socket'], old: args['baseline-game-socket'] };
  const old = prepareBaselineTree(args.baseline, { log });
  const trees = { old: old.dir, new: root };
  const workload = WORKLOAD.flatMap((k) => (args[k] === undefined ? [] : [`--${k}`, args[k]]));
  if (args.profile) workload.push('--profile');
  const argvOf = (side) => [...workload, '--game-socket', sockets[side], '--seed', seed];

  let current = null;
  let interrupted = null;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      interrupted = signal;
      log(`${signal}: stopping the run in progress (it stops its stack and stores)`);
      current?.kill(signal);
    });
  }

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-trusted-baseline-'));
  const order = runOrder(rounds);
  const runs = [];
  const actionsPerGame = ACTIONS_PER_GAME[args.game];
  try {
    for (const [i, side] of order.entries()) {
      if (interrupted) break;
      const label = `${side} ${i + 1}/${order.length}`;
      log(`run ${label}: ${trees[side]}`);
      const report = await runOnce({
        harness,
        tree: trees[side],
        argv: argvOf(side),
        label,
        out: path.join(runDir, `${i + 1}-${side}.json`),
        onChild: (child) => (current = child),
      });
      runs.push({ number: i + 1, side, figures: runFigures(report, actionsPerGame), report });
    }
  } catch (error) {
    if (!interrupted) throw error;
  } finally {
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  if (interrupted) process.exit(130);

  const { medians, ratios } = compare(runs);
  const newTree = runs.find((r) => r.side === 'new').report.tree;
  const paths = { gateway: 'through the gateway', direct: "to the sessions service's own port" };
  const said = (side) =>
    args.transport === 'ws' ? `the game socket ${paths[sockets[side]]}` : 'HTTP';
  const about =
    `old = ${args.baseline} (${old.commit.slice(0, 12)}, built in ${old.dir}); ` +
    `new = ${root} at ${newTree.commit?.slice(0, 12)}` +
    `${newTree.changed ? ' with uncommitted changes' : ''}. ` +
    `${rounds} round(s), runs in the order ${order.join(' ')}; ${args.game} games, ` +
    `actions over ${said('old')} (old) and ${said('new')} (new); seed ${seed}. ` +
    `Figures are net of each process's CPU at rest; "per game" is per action × ` +
    `${actionsPerGame} + per submission (computed, the same action count for both sides; ` +
    `the measured actions a game are in the conditions); a median of the totals is not the ` +
    `sum of the medians above it.`;
  const tables = markdown({ runs, medians, ratios });
  const result = {
    at: new Date().toISOString(),
    args,
    seed,
    actionsPerGame,
    perGameIs: `per action × ${actionsPerGame} + per submission (net)`,
    order,
    old: { ref: args.baseline, commit: old.commit, dir: old.dir, prepared: old.steps },
    new: { root, commit: newTree.commit, changed: newTree.changed },
    gameSockets: sockets,
    runs: runs.map(({ number, side, figures, report }) => ({ number, side, figures, report })),
    medians,
    ratios,
    about,
    markdown: tables,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const file =
    args.out ??
    path.join(resultsDir, `trusted-baseline-${args.game}-${result.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`\n${about}\n\n${tables}\n\nwritten: ${path.relative(root, file)}`);
  process.exitCode = runs.every((r) => rowsHold(r.report.checks)) ? 0 : 2;
}
