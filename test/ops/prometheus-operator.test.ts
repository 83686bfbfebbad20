// k8s/monitoring, the Prometheus Operator's route beside the prometheus.io/* annotations:
// PodMonitors that scrape exactly the pods and ports the annotations name, with the job names
// the up/absent alerts expect, and a PrometheusRule that is ops/prometheus/alerts.yaml.
import { execFileSync } from 'node:child_process';
import { parse as parseYaml } from 'yaml';
import { appsFromCompose } from '../deploy/apps';
import { appName, workloads } from '../deploy/network';
import { containers, podTemplate } from '../deploy/pods';
import { find, render, type K8sObject } from '../deploy/render';
import { abs, arr, obj, readText } from '../deploy/repo';

const monitoring = render('k8s/monitoring');
const production = render('k8s/overlays/production');
const rules = parseYaml(readText('ops/prometheus/alerts.yaml')) as {
  groups: { name: string; rules: { alert: string; expr: string }[] }[];
};
const alert = (name: string) => rules.groups.flatMap((g) => g.rules).find((r) => r.alert === name)!;

/** Whether a label selector (matchLabels and matchExpressions In/NotIn) selects `labels`. */
function selects(selector: unknown, labels: Record<string, unknown>): boolean {
  const { matchLabels, matchExpressions } = obj(selector);
  const byLabel = Object.entries(obj(matchLabels)).every(([k, v]) => labels[k] === v);
  const byExpression = arr(matchExpressions)
    .map(obj)
    .every((e) => {
      const has = arr(e.values).includes(labels[String(e.key)]);
      if (e.operator === 'In') return has;
      if (e.operator === 'NotIn') return !has;
      throw new Error(`selector operator ${String(e.operator)} not read here`);
    });
  return byLabel && byExpression;
}

/** The jobs a scrape makes (jobLabel's value on each selected pod) and the pods' ports. */
function scrapedBy(monitor: K8sObject) {
  const spec = obj(monitor.spec);
  expect(spec.jobLabel).toBe('app.kubernetes.io/name');
  return workloads(production)
    .filter((w) => selects(spec.selector, podTemplate(w).labels))
    .map((w) => {
      const ports = containers(w).flatMap((c) => arr(c.ports).map(obj));
      const endpoints = arr(spec.podMetricsEndpoints).map(obj);
      const annotations = obj(podTemplate(w).annotations);
      return {
        job: appName(w),
        endpoints: endpoints.map((e) => ({
          path: e.path,
          port: Number(ports.find((p) => p.name === e.port)?.containerPort),
        })),
        annotated: {
          path: annotations['prometheus.io/path'],
          port: Number(annotations['prometheus.io/port']),
        },
      };
    });
}

describe('k8s/monitoring (Prometheus Operator)', () => {
  it('holds PodMonitors and the PrometheusRule, in the ballmatch namespace', () => {
    expect(monitoring.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'PodMonitor/ballmatch',
      'PodMonitor/nats',
      'PrometheusRule/ballmatch',
    ]);
    for (const o of monitoring) {
      expect(o.apiVersion).toBe('monitoring.coreos.com/v1');
      expect(o.metadata.namespace).toBe('ballmatch');
    }
  });

  it('scrapes every service and NATS on the port and path their annotations name', () => {
    const scraped = monitoring
      .filter((o) => o.kind === 'PodMonitor')
      .flatMap((monitor) => scrapedBy(monitor));
    const jobs = scraped.map((s) => s.job).sort();
    expect(jobs).toEqual([...appsFromCompose().map((a) => a.name), 'nats'].sort());
    for (const { job, endpoints, annotated } of scraped) {
      expect({ job, endpoints }).toEqual({ job, endpoints: [annotated] });
    }
  });

  it('names the same jobs as the up/absent alerts', () => {
    const jobs = [...appsFromCompose().map((a) => a.name), 'nats'].sort();
    const absent = [
      ...alert('BallMatchJobAbsent').expr.matchAll(/absent\(up\{job="([\w-]+)"\}\)/g),
    ];
    expect(absent.map((m) => m[1]).sort()).toEqual(jobs);
    for (const name of ['BallMatchJobDown', 'BallMatchTargetDown']) {
      const list = /job=~"([\w|-]+)"/.exec(alert(name).expr)![1]!.split('|');
      expect([name, list.sort()]).toEqual([name, jobs]);
    }
  });

  it('has the PrometheusRule made from ops/prometheus/alerts.yaml, unchanged', () => {
    const rule = find(monitoring, 'PrometheusRule', 'ballmatch')!;
    expect(rule.spec).toEqual(rules);
    // The committed file is what the script writes (run it after editing alerts.yaml).
    execFileSync(process.execPath, [abs('ops/prometheus/prometheus-rule.mjs'), '--check'], {
      stdio: 'pipe',
    });
  });
});
