// The manifests as Kubernetes gets them: rendered by the real kustomize (`kubectl kustomize`)
// and validated against the Kubernetes OpenAPI schemas (k8s-schema.mjs, kubernetes-models).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { abs, obj } from './repo';

export type K8sObject = Record<string, unknown> & {
  apiVersion: string;
  kind: string;
  metadata: { name: string } & Record<string, unknown>;
};

const MISSING_KUBECTL =
  'kubectl is not installed: the deployment checks render k8s/ with `kubectl kustomize`. ' +
  'Install the Debian package `kubectl` (apt-get install kubectl; it bundles kustomize).';

function kubectl(args: string[]): string {
  try {
    return execFileSync('kubectl', args, {
      encoding: 'utf8',
      maxBuffer: 32 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new Error(MISSING_KUBECTL, { cause: error });
    throw new Error(`kubectl ${args.join(' ')} failed:\n${e.stderr ?? e.message}`, {
      cause: error,
    });
  }
}

export function parseObjects(yamlText: string): K8sObject[] {
  return YAML.parseAllDocuments(yamlText)
    .map((doc) => doc.toJS() as unknown)
    .filter((o): o is K8sObject => Boolean(o));
}

/** `kubectl kustomize <dir>` (dir relative to the repository, or absolute). */
export function render(dir: string): K8sObject[] {
  return parseObjects(kubectl(['kustomize', path.isAbsolute(dir) ? dir : abs(dir)]));
}

/**
 * The local overlay reads gitignored secrets/*.env that generate.sh makes on each machine: it
 * is rendered from a copy of k8s/ where the real generate.sh made them, optional keys included.
 */
export function renderLocalOverlay(): K8sObject[] {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ballmatch-k8s-'));
  try {
    fs.cpSync(abs('k8s'), path.join(tmp, 'k8s'), { recursive: true });
    const secrets = path.join(tmp, 'k8s/overlays/local/secrets');
    for (const file of fs.readdirSync(secrets).filter((f) => f.endsWith('.env'))) {
      fs.rmSync(path.join(secrets, file)); // this machine's own secrets stay out of the check
    }
    execFileSync('sh', [path.join(secrets, 'generate.sh')], {
      env: {
        ...process.env,
        ADMIN_USERNAME: 'chief',
        ADMIN_PASSWORD: 'a-password-long-enough',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      },
      stdio: 'ignore',
    });
    return render(path.join(tmp, 'k8s/overlays/local'));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Schema problems of `objects` (empty when all are valid), from k8s-schema.mjs in a child Node. */
export function schemaProblems(objects: unknown[]): string[] {
  const run = spawnSync(process.execPath, [abs('test/deploy/k8s-schema.mjs'), '--json'], {
    cwd: abs('.'),
    input: objects.map((o) => YAML.stringify(o)).join('---\n'),
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  // Exit 1 means "problems found", listed on stdout like a clean run's empty list.
  if (run.status !== 0 && run.status !== 1) {
    throw new Error(`k8s-schema.mjs failed (${run.status}): ${run.stderr || run.error}`);
  }
  return JSON.parse(run.stdout) as string[];
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata?.name === name);
}

export const labelsOf = (o: K8sObject) => obj(o.metadata.labels) as Record<string, string>;
