#!/usr/bin/env node
// `npm run audit:deps`: no high or critical advisory in what production installs
// (`npm audit --omit=dev`). Exit 0 clean, 1 with findings (each named, with whether npm knows a
// fix), 2 when the registry's advisory endpoint gave no report (offline, or a mirror without
// it: this project's build machine answers 405), which is never a pass. Further arguments go to
// npm (a test points `--registry` at a stand-in). docs/operations.md 'Security checks'.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = spawnSync('npm', ['audit', '--omit=dev', '--json', ...process.argv.slice(2)], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
});

let report;
try {
  report = JSON.parse(run.stdout ?? '');
} catch {
  report = {
    message: `npm audit gave no report (${run.error?.message ?? run.stderr ?? 'no output'})`,
  };
}
if (report.error || report.message || !report.metadata) {
  const why = report.message ?? `${report.error?.code ?? ''} ${report.error?.summary ?? ''}`.trim();
  console.error(`npm audit --omit=dev was NOT CHECKED: ${why || 'no report'}`);
  process.exit(2);
}
const findings = Object.entries(report.vulnerabilities ?? {})
  .filter(([, v]) => v.severity === 'high' || v.severity === 'critical')
  .map(([name, v]) => `${name} (${v.severity}; fix: ${JSON.stringify(v.fixAvailable)})`);
if (findings.length > 0) {
  console.error(`npm audit --omit=dev: high or critical advisories:\n${findings.join('\n')}`);
  process.exit(1);
}
console.log('npm audit --omit=dev: no high or critical advisory in the production dependencies');
