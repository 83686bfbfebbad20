// scripts/images/push.mjs against a registry of the run's own on loopback (Debian's
// docker-registry): every image pushed, and a copy of the production overlay pinned to exactly
// what the registry stored, each workload's image rendered as <repository>/<name>:<tag>@<digest>.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually, freePorts } from '@ballmatch/platform/testing';
import { render } from '../deploy/render';
import { repoRoot, stackInfo } from './support/podman';

jest.setTimeout(600_000);
const stack = stackInfo();
const production = 'k8s/overlays/production/kustomization.yaml';

let registry: ChildProcess | undefined;
let work = '';
let host = '';

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ballmatch-registry-'));
  const [port] = await freePorts(1);
  host = `127.0.0.1:${port}`;
  const config = path.join(work, 'config.yml');
  fs.writeFileSync(
    config,
    [
      'version: 0.1',
      'log: { level: warn }',
      `storage: { filesystem: { rootdirectory: ${path.join(work, 'data')} } }`,
      `http: { addr: "${host}" }`,
      '',
    ].join('\n'),
  );
  registry = spawn('/usr/bin/docker-registry', ['serve', config], { stdio: 'ignore' });
  await eventually(async () => (await fetch(`http://${host}/v2/`)).ok, { timeoutMs: 15_000 });
});

afterAll(() => {
  registry?.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
});

it('pushes every image and pins a copy of the production overlay to the digests stored', async () => {
  fs.cpSync(path.join(repoRoot, 'k8s'), path.join(work, 'k8s'), { recursive: true });
  const committed = fs.readFileSync(path.join(repoRoot, production), 'utf8');
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'scripts/images/push.mjs'),
      '--repository',
      `${host}/ballmatch`,
      '--tag',
      'test',
      '--tls-verify',
      'false',
      '--pin',
      '--kustomization',
      path.join(work, production),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );

  const stored: Record<string, string> = {};
  for (const name of Object.keys(stack.images)) {
    const manifest = await fetch(`http://${host}/v2/ballmatch/${name}/manifests/test`, {
      headers: {
        accept: [
          'application/vnd.oci.image.manifest.v1+json',
          'application/vnd.docker.distribution.manifest.v2+json',
        ].join(', '),
      },
    });
    expect({ name, status: manifest.status }).toEqual({ name, status: 200 });
    stored[name] = manifest.headers.get('docker-content-digest')!;
  }

  const rendered = render(path.join(work, 'k8s/overlays/production'));
  const images = new Set(
    rendered
      .filter((o) => ['Deployment', 'StatefulSet'].includes(o.kind))
      .flatMap((o) => {
        const pod = (o.spec as { template: { spec: Record<string, unknown> } }).template.spec;
        return [...((pod.initContainers as []) ?? []), ...((pod.containers as []) ?? [])].map(
          (c: { image: string }) => c.image,
        );
      })
      .filter((image) => image.startsWith(`${host}/`)),
  );
  expect([...images].sort()).toEqual(
    Object.entries(stored)
      .map(([name, digest]) => `${host}/ballmatch/${name}:test@${digest}`)
      .sort(),
  );
  expect(Object.values(stored)).toEqual(
    Object.values(stored).map(() => expect.stringMatching(/^sha256:[0-9a-f]{64}$/)),
  );
  // The repository's own overlay is left as it was.
  expect(fs.readFileSync(path.join(repoRoot, production), 'utf8')).toBe(committed);
});
