// The mixed run's tables, in Markdown (for docs/benchmarks.md 'Mixed load').
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

function stepsTable(steps) {
  return table(
    [
      'step',
      'visits/s',
      'requests/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'failed',
      'games submitted',
      'machine busy %',
      'stack CPU ms / request',
      'stack CPU ms / game',
    ],
    steps.map((s) => [
      s.step,
      s.visitsPerSecond,
      s.requestsPerSecond,
      s.p50,
      s.p95,
      s.p99,
      s.failed,
      s.gamesSubmitted,
      s.cpu.machineBusyPercent,
      s.cpu.stackMsPerRequest,
      s.cpu.stackMsPerSubmittedGame ?? '-',
    ]),
  );
}

function endpointsTable(step, endpoints) {
  return table(
    ['endpoint', 'share %', 'per s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'failed'],
    Object.entries(step.endpoints)
      .sort((a, b) => b[1].count - a[1].count)
      .map(([name, e]) => [
        `${endpoints[name]?.method ?? ''} ${endpoints[name]?.path ?? name}`,
        e.share,
        e.perSecond,
        e.p50,
        e.p95,
        e.p99,
        e.max,
        e.failed,
      ]),
  );
}

function cpuTable(step) {
  return table(
    ['process', 'CPU s', '% of one core', 'CPU ms / request'],
    Object.entries(step.cpu.groups).map(([g, c]) => [
      g,
      c.cpuSeconds,
      c.percentOfCore,
      c.msPerRequest,
    ]),
  );
}

export function printReport(report, endpoints = report.endpoints ?? {}) {
  const { steps, sustained, checks } = report;
  console.log(`\n${stepsTable(steps)}`);
  const failing = steps.find((s) => s !== sustained && s.p99 > Number(report.args.p99));
  for (const [what, step] of [
    ['last step under the p99 limit', sustained],
    ['first step over it', failing],
  ]) {
    if (!step) continue;
    console.log(`\nStep ${step.step} (${what}), per endpoint:\n${endpointsTable(step, endpoints)}`);
    console.log(`\nStep ${step.step}, CPU by process:\n${cpuTable(step)}`);
    console.log(
      `sockets opened ${step.sockets.opened}, failed ${step.sockets.failed}, messages ` +
        `${step.sockets.messages}; score delivery p50 ${step.sockets.scoreDelivery.p50} ms, ` +
        `p99 ${step.sockets.scoreDelivery.p99} ms`,
    );
  }
  if (checks) {
    console.log(
      `\n${table(
        ['what', 'clients were told', 'rows in PostgreSQL'],
        Object.entries(checks)
          .filter(([, v]) => v && typeof v === 'object' && 'clients' in v)
          .map(([k, v]) => [k, v.clients, v.rows]),
      )}`,
    );
    console.log(
      `lost ${checks.lost}, duplicated ${checks.duplicated}, outbox left ${checks.outboxLeft}, ` +
        `review states ${JSON.stringify(checks.reviewStates)}`,
    );
  }
}
