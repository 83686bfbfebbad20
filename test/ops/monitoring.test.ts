import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { metricsRegistry } from '../../packages/platform/src/metrics';
import { EVENTS } from '../../packages/proto/src/events';
import { SUBJECTS } from '../../services/realtime/src/events';
import type * as LezerPromql from '@prometheus-io/lezer-promql' with {
  'resolution-mode': 'import',
};

// Typed as an ES module, shipped as CommonJS too (its `exports.require`): required here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parser } = require('@prometheus-io/lezer-promql') as typeof LezerPromql;

/**
 * The alert rules and dashboards in ops/ against what the processes really export: each
 * expression is parsed by Prometheus's own PromQL grammar, and every metric it reads must be in
 * the platform's registry (or come from kube-state-metrics, named below). promtool, when the
 * machine has it (Debian's `prometheus` package), checks the rules file and its unit tests too.
 */
const root = path.resolve(__dirname, '../..');
const rulesFile = path.join(root, 'ops/prometheus/alerts.yaml');
const rulesTestFile = path.join(root, 'ops/prometheus/alerts.test.yaml');
const dashboardsDir = path.join(root, 'ops/grafana');
const operationsDoc = fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

/**
 * Metrics read from elsewhere than a BallMatch process: kube-state-metrics, Prometheus's own
 * `up`, and the NATS exporter sidecar's (prometheus-nats-exporter's jsz collector; the fields
 * it reads from NATS's /jsz are checked against a real nats-server in nats-monitoring.test.ts).
 */
const EXTERNAL = new Set([
  'kube_pod_container_status_restarts_total',
  'up',
  'jetstream_server_jetstream_disabled',
  'jetstream_server_total_streams',
  'jetstream_server_total_message_bytes',
  'jetstream_server_max_storage',
  'jetstream_stream_last_seq',
  'jetstream_consumer_num_pending',
  'jetstream_consumer_delivered_stream_seq',
]);

/** Every series name a BallMatch process exports (histograms as their three series). */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await metricsRegistry.getMetricsAsJSON()) {
    if (String(metric.type) === 'histogram') {
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
    } else {
      names.add(metric.name);
    }
  }
  return names;
}

/** The metric names a PromQL expression reads; throws on a syntax error. */
function metricsOf(expr: string): string[] {
  const tree = parser.parse(expr);
  const names: string[] = [];
  const errors: string[] = [];
  tree.iterate({
    enter(node) {
      if (node.type.isError)
        errors.push(`at ${node.from}: ${expr.slice(node.from, node.from + 30)}`);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') {
        names.push(expr.slice(node.from, node.to));
      }
    },
  });
  if (errors.length) throw new Error(`PromQL syntax error in ${expr}\n${errors.join('\n')}`);
  return names;
}

/** Grafana's own variables, as Prometheus would see them once substituted. */
const substituteGrafana = (expr: string) =>
  expr.replace(/\$__rate_interval|\$__interval/g, '5m').replace(/\$__range/g, '1h');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string; runbook: string };
}

const rules = parseYaml(fs.readFileSync(rulesFile, 'utf8')) as {
  groups: { name: string; rules: Rule[] }[];
};
const allRules = rules.groups.flatMap((g) => g.rules);

describe('alert rules (ops/prometheus/alerts.yaml)', () => {
  it('are groups of named alerts with an expression, a severity and a runbook', () => {
    expect(rules.groups.length).toBeGreaterThan(0);
    for (const group of rules.groups) {
      expect(group.name).toMatch(/^ballmatch-/);
      for (const rule of group.rules) {
        expect(Object.keys(rule).sort()).toEqual(
          expect.arrayContaining(['alert', 'annotations', 'expr', 'labels']),
        );
        expect(rule.alert).toMatch(/^BallMatch[A-Z]\w+$/);
        expect(['page', 'warn']).toContain(rule.labels.severity);
        if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
        expect(rule.annotations.summary).toBeTruthy();
        expect(rule.annotations.description).toBeTruthy();
      }
    }
    const names = allRules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
  });

  it('cover error rate, p99 latency, outbox lag, pod restarts, targets and NATS', () => {
    const used = allRules.map((r) => metricsOf(r.expr));
    const reads = (name: string) => used.some((names) => names.includes(name));
    expect(reads('ballmatch_http_request_duration_seconds_count')).toBe(true);
    expect(allRules.some((r) => /histogram_quantile\(0\.99/.test(r.expr))).toBe(true);
    expect(reads('ballmatch_outbox_oldest_event_age_seconds')).toBe(true);
    expect(reads('kube_pod_container_status_restarts_total')).toBe(true);
    expect(reads('up')).toBe(true);
    expect(reads('jetstream_consumer_num_pending')).toBe(true);
    expect(reads('jetstream_server_max_storage')).toBe(true);
  });

  it('read only metrics some process exports', async () => {
    const exported = await exportedNames();
    for (const rule of allRules) {
      for (const name of metricsOf(rule.expr)) {
        if (!EXTERNAL.has(name))
          expect([rule.alert, exported.has(name) ? name : `${name} (not exported)`]).toEqual([
            rule.alert,
            name,
          ]);
      }
    }
  });

  it('each link to its answer in docs/operations.md', () => {
    const headings = new Set(
      [...operationsDoc.matchAll(/^#{2,4} (.+)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const rule of allRules) {
      expect(rule.annotations.runbook).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
      expect([rule.alert, headings.has(rule.alert.toLowerCase())]).toEqual([rule.alert, true]);
    }
  });

  it('each have a unit test in which they fire', () => {
    const unitTests = parseYaml(fs.readFileSync(rulesTestFile, 'utf8')) as {
      tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const firing = new Set(
      unitTests.tests
        .flatMap((t) => t.alert_rule_test)
        .filter((t) => t.exp_alerts.length > 0)
        .map((t) => t.alertname),
    );
    expect(allRules.map((r) => r.alert).filter((name) => !firing.has(name))).toEqual([]);
  });

  it("watch realtime's subscriptions through the streams of the subjects it subscribes to", () => {
    const expr = allRules.find((r) => r.alert === 'BallMatchSubscriberStalled')!.expr;
    const streams = /stream_name=~"\.\*\(([\w|]+)\)"/.exec(expr)![1]!.split('|');
    const subscribed = SUBJECTS.map(
      (subject) => Object.values(EVENTS).find((e) => e.subject === subject)!.stream,
    );
    expect(streams.sort()).toEqual([...new Set(subscribed)].sort());
    // Each of those streams holds realtime's subjects only: a new event there is one it hears.
    for (const stream of streams) {
      const others = Object.values(EVENTS).filter(
        (e) => e.stream === stream && !SUBJECTS.includes(e.subject),
      );
      expect([stream, others]).toEqual([stream, []]);
    }
  });

  it('count the NATS peers the production StatefulSet runs', () => {
    const statefulSet = parseYaml(
      fs.readFileSync(path.join(root, 'k8s/overlays/production/nats/statefulset.yaml'), 'utf8'),
    ) as { spec: { replicas: number } };
    const expr = allRules.find((r) => r.alert === 'BallMatchNatsPeersMissing')!.expr;
    expect(Number(/< (\d+)$/.exec(expr.trim())![1])).toBe(statefulSet.spec.replicas);
  });

  const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => fs.existsSync(p));
  it('pass promtool check rules and the rules unit tests', () => {
    // A missing tool fails the test: npm test installs it (scripts/ensure-test-tools.sh).
    if (!promtool) throw new Error('promtool is missing: install Debian package prometheus');
    execFileSync(promtool, ['check', 'rules', rulesFile], { stdio: 'pipe' });
    execFileSync(promtool, ['test', 'rules', rulesTestFile], {
      stdio: 'pipe',
      cwd: path.dirname(rulesTestFile),
    });
  });
});

describe('Grafana dashboards (ops/grafana)', () => {
  const files = fs.readdirSync(dashboardsDir).filter((f) => f.endsWith('.json'));

  interface Panel {
    id: number;
    type: string;
    title: string;
    gridPos: { x: number; y: number; w: number; h: number };
    datasource?: { type: string; uid: string };
    targets?: { expr: string; datasource?: { uid: string } }[];
  }

  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)(
    '%s: panels fit the grid, use the chosen Prometheus, and read exported metrics',
    async (file) => {
      const dashboard = JSON.parse(fs.readFileSync(path.join(dashboardsDir, file), 'utf8')) as {
        uid: string;
        title: string;
        panels: Panel[];
        templating: { list: { name: string; type: string }[] };
      };
      expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
      expect(dashboard.templating.list).toContainEqual(
        expect.objectContaining({ name: 'datasource', type: 'datasource' }),
      );
      const ids = dashboard.panels.map((p) => p.id);
      expect(new Set(ids).size).toBe(ids.length);
      const exported = await exportedNames();
      let queries = 0;
      for (const panel of dashboard.panels) {
        expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
        if (panel.type === 'row') continue;
        expect(panel.datasource?.uid).toBe('${datasource}');
        for (const target of panel.targets ?? []) {
          queries += 1;
          for (const name of metricsOf(substituteGrafana(target.expr))) {
            if (!EXTERNAL.has(name)) {
              expect([panel.title, exported.has(name) ? name : `${name} (not exported)`]).toEqual([
                panel.title,
                name,
              ]);
            }
          }
        }
      }
      expect(queries).toBeGreaterThan(10);
    },
  );
});
