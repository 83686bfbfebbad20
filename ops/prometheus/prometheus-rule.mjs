#!/usr/bin/env node
// Writes k8s/monitoring/prometheus-rule.yaml, the Prometheus Operator's PrometheusRule, from
// ops/prometheus/alerts.yaml: the rules have one home (alerts.yaml, with its promtool tests),
// the PrometheusRule is made from it. `node ops/prometheus/prometheus-rule.mjs` after editing
// alerts.yaml; `--check` exits 1 when the committed file differs (test/ops checks it too).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const source = path.join(root, 'ops/prometheus/alerts.yaml');
const target = path.join(root, 'k8s/monitoring/prometheus-rule.yaml');

/** The PrometheusRule's text, formatted as the repository's Prettier formats YAML. */
export async function prometheusRule() {
  const rule = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'ballmatch', labels: { 'app.kubernetes.io/part-of': 'ballmatch' } },
    spec: YAML.parse(fs.readFileSync(source, 'utf8')),
  };
  const text =
    '# Made from ops/prometheus/alerts.yaml by `node ops/prometheus/prometheus-rule.mjs`: edit\n' +
    '# that file and run the script; never this one (test/ops/prometheus-operator.test.ts).\n' +
    YAML.stringify(rule, { lineWidth: 0 });
  const options = await prettier.resolveConfig(target);
  return prettier.format(text, { ...options, filepath: target });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await prometheusRule();
  if (process.argv.includes('--check')) {
    const same = fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text;
    if (!same)
      console.error(
        `${path.relative(root, target)} differs from alerts.yaml: run ${path.relative(root, fileURLToPath(import.meta.url))}`,
      );
    process.exit(same ? 0 : 1);
  }
  fs.writeFileSync(target, text);
}
