// k8s/ agrees with the code: every file a kustomization names exists, every service of the
// stack has its Deployment, Service, HPA and PodDisruptionBudget, ports and probes match the
// config, environment variables are ones the service reads, secrets come from Secrets.
import {
  appsFromCompose,
  envProblems,
  loadAppConfig,
  parseAddress,
  serverPort,
  type App,
} from './apps';
import { find, kustomizationDirs, kustomize, type Build } from './kustomize';
import { containerEnv, containers, podTemplate, resolvePort } from './pods';
import { arr, committableFiles, exists, isGitIgnored, obj, readText, readYamlDocs } from './repo';

const apps = appsFromCompose();
const overlays = ['k8s/overlays/local', 'k8s/overlays/production'];
const builds = new Map(overlays.map((dir) => [dir, kustomize(dir)]));
const APP_DRAIN_SECONDS = 15;
const DATA_STORES = ['postgres', 'redis', 'nats'];

function workload(build: Build, app: App) {
  const deployment = find(build, 'Deployment', app.name);
  if (!deployment) throw new Error(`no Deployment ${app.name} in the build`);
  const container = containers(deployment).find((c) => c.name === app.name);
  if (!container) throw new Error(`Deployment ${app.name} has no container named ${app.name}`);
  return { deployment, container, pod: podTemplate(deployment) };
}

const selects = (selector: unknown, labels: Record<string, unknown>) =>
  Object.entries(obj(selector)).every(([k, v]) => labels[k] === v) &&
  Object.keys(obj(selector)).length > 0;

describe('k8s/', () => {
  const yamlFiles = committableFiles('k8s').filter((f) => f.endsWith('.yaml'));

  it.each(yamlFiles)('%s parses, and every document names its apiVersion and kind', (file) => {
    const docs = readYamlDocs(file).map(obj);
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs)
      expect([typeof doc.apiVersion, typeof doc.kind]).toEqual(['string', 'string']);
  });

  it.each(kustomizationDirs('k8s'))('%s/kustomization.yaml names only files that exist', (dir) => {
    expect(kustomize(dir).problems).toEqual([]);
  });

  it('commits no secret: no Secret objects with data, no private keys', () => {
    const problems: string[] = [];
    for (const file of committableFiles('k8s')) {
      if (readText(file).includes('PRIVATE KEY-----')) problems.push(`${file} holds a private key`);
      if (!file.endsWith('.yaml')) continue;
      for (const doc of readYamlDocs(file).map(obj)) {
        if (doc.kind === 'Secret' && (doc.data || doc.stringData)) {
          problems.push(`${file} holds a Secret with data`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(overlays)('%s: generated secrets read gitignored files that have an .example', (dir) => {
    for (const [name, secret] of builds.get(dir)!.secrets) {
      for (const file of secret.envFiles) {
        expect({ secret: name, file, example: exists(`${file}.example`) }).toEqual({
          secret: name,
          file,
          example: true,
        });
        expect({ file, gitignored: isGitIgnored(file) }).toEqual({ file, gitignored: true });
      }
    }
  });

  it('the base deploys exactly the Node services docker-compose builds', () => {
    const base = kustomize('k8s/base');
    const deployments = base.objects
      .filter((o) => o.kind === 'Deployment')
      .map((o) => o.metadata.name);
    expect(deployments.sort()).toEqual(apps.map((a) => a.name).sort());
  });
});

describe.each(overlays)('%s', (overlay) => {
  const build = builds.get(overlay)!;

  it('builds without problems', () => {
    expect(build.problems).toEqual([]);
  });

  it('retags only images its workloads use', () => {
    const used = build.objects
      .flatMap((o) => containers(o))
      .map((c) => String(c.image).split(':')[0]);
    expect(build.images.filter((name) => !used.includes(name))).toEqual([]);
  });

  it('routes the Ingress to a Service port that exists, with WebSocket-friendly timeouts', () => {
    const ingresses = build.objects.filter((o) => o.kind === 'Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    for (const ingress of ingresses) {
      const annotations = obj(ingress.metadata.annotations);
      expect(
        Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']),
      ).toBeGreaterThanOrEqual(3600);
      const backends = arr(obj(ingress.spec).rules).flatMap((rule) =>
        arr(obj(obj(rule).http).paths).map((p) => obj(obj(obj(p).backend).service)),
      );
      expect(backends.length).toBeGreaterThan(0);
      for (const backend of backends) {
        const service = find(build, 'Service', String(backend.name));
        expect({ backend: backend.name, service: Boolean(service) }).toEqual({
          backend: backend.name,
          service: true,
        });
        const port = obj(backend.port);
        const ports = arr(obj(service!.spec).ports).map(obj);
        expect(ports.some((p) => p.name === port.name || p.port === port.number)).toBe(true);
      }
    }
  });

  if (overlay.endsWith('/local')) {
    it.each(DATA_STORES)('runs %s as a StatefulSet with a headless Service and probes', (name) => {
      const set = find(build, 'StatefulSet', name);
      expect({ statefulSet: name, found: Boolean(set) }).toEqual({
        statefulSet: name,
        found: true,
      });
      expect(obj(find(build, 'Service', name)?.spec).clusterIP).toBe('None');
      const pod = podTemplate(set!);
      expect(obj(pod.spec.securityContext).runAsNonRoot).toBe(true);
      for (const c of containers(set!)) {
        expect(c.readinessProbe).toBeDefined();
        expect(c.livenessProbe).toBeDefined();
        expect(obj(obj(c.resources).requests).memory).toBeDefined();
        expect(obj(obj(c.resources).limits).memory).toBeDefined();
      }
    });

    it('runs NATS with JetStream', () => {
      const nats = containers(find(build, 'StatefulSet', 'nats')!)[0];
      expect(arr(nats.args).map(String)).toContain('-js');
    });
  } else {
    it('runs no data store: production uses managed ones', () => {
      expect(build.objects.filter((o) => o.kind === 'StatefulSet')).toEqual([]);
    });
  }

  describe.each(apps)('$name', (app) => {
    it('has a Deployment whose container listens on the config port', async () => {
      const config = await loadAppConfig(app);
      const { variable, port } = serverPort(app, config);
      const { container } = workload(build, app);
      const env = containerEnv(build, container);
      const ports = arr(container.ports).map((p) => Number(obj(p).containerPort));
      const set = env.values[variable];
      expect({ containerPorts: ports, [variable]: set === undefined ? port : Number(set) }).toEqual(
        {
          containerPorts: [port],
          [variable]: port,
        },
      );
    });

    it('has startup, readiness and liveness probes on that port', async () => {
      const config = await loadAppConfig(app);
      const { kind, port } = serverPort(app, config);
      const { container } = workload(build, app);
      for (const probeName of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        const probe = obj(container[probeName]);
        if (kind === 'grpc') {
          // Kubernetes' own gRPC probe asks the standard grpc.health.v1.Health service.
          expect({ probe: probeName, port: obj(probe.grpc).port }).toEqual({
            probe: probeName,
            port,
          });
        } else {
          const http = obj(probe.httpGet);
          expect({ probe: probeName, port: resolvePort(container, http.port) }).toEqual({
            probe: probeName,
            port,
          });
          expect(['/healthz', '/readyz']).toContain(http.path);
        }
      }
      if (kind === 'http') expect(obj(obj(container.livenessProbe).httpGet).path).toBe('/healthz');
    });

    it('has a Service whose target is that port (headless for gRPC)', async () => {
      const config = await loadAppConfig(app);
      const { kind, port } = serverPort(app, config);
      const { container, pod } = workload(build, app);
      const service = find(build, 'Service', app.name);
      expect({ service: app.name, found: Boolean(service) }).toEqual({
        service: app.name,
        found: true,
      });
      const spec = obj(service!.spec);
      expect(selects(spec.selector, pod.labels)).toBe(true);
      const targets = arr(spec.ports).map((p) =>
        resolvePort(container, obj(p).targetPort ?? obj(p).port),
      );
      expect(targets).toEqual([port]);
      if (kind === 'grpc') expect(spec.clusterIP).toBe('None');
    });

    it('sets only variables the service reads, with valid values', async () => {
      const config = await loadAppConfig(app);
      const { container } = workload(build, app);
      const env = containerEnv(build, container);
      // Keys of the Secrets it reads, generated here, must be variables it reads too.
      const secretKeys = Object.fromEntries(
        [...new Set(env.secretRefs.map((r) => r.secret))]
          .flatMap((name) => [...(build.secrets.get(name)?.keys ?? [])])
          .map((key) => [key, undefined]),
      );
      expect([
        ...env.problems,
        ...envProblems(`${overlay} ${app.name}`, config, env.values),
        ...envProblems(`${overlay} ${app.name} Secret`, config, secretKeys),
      ]).toEqual([]);
    });

    it('gets every secret from a Secret, never from a ConfigMap or a literal', async () => {
      const config = await loadAppConfig(app);
      const { container } = workload(build, app);
      const env = containerEnv(build, container);
      const problems = config.secretNames.flatMap((name) => {
        if (env.plain.has(name)) return [`${name} is set in plain text`];
        const ref = env.secretRefs.find((r) => r.env === name);
        if (ref && !ref.optional) return [];
        const whole = env.secretEnvFrom.some((s) => build.secrets.get(s)?.keys.has(name));
        return whole ? [] : [`${name} is not taken from a Secret`];
      });
      expect({ app: app.name, problems }).toEqual({ app: app.name, problems: [] });
    });

    it('references Secret keys that are generated here or documented for operators', async () => {
      const { container } = workload(build, app);
      const env = containerEnv(build, container);
      const docs = exists('docs/operations.md') ? readText('docs/operations.md') : '';
      const problems = env.secretRefs
        .filter((ref) => !ref.optional)
        .flatMap((ref) => {
          const generated = build.secrets.get(ref.secret);
          if (generated) {
            return generated.keys.has(ref.key)
              ? []
              : [`${ref.secret} is generated without ${ref.key}`];
          }
          return docs.includes(ref.secret) && docs.includes(ref.key)
            ? []
            : [`docs/operations.md does not tell operators to put ${ref.key} in ${ref.secret}`];
        });
      expect(problems).toEqual([]);
    });

    it('points addresses at services that exist, on their ports (dns:/// + headless for gRPC)', async () => {
      const config = await loadAppConfig(app);
      const { container } = workload(build, app);
      const env = containerEnv(build, container);
      const problems: string[] = [];
      for (const [name, value] of Object.entries(env.values)) {
        if (!value || !name.endsWith('_ADDR')) continue;
        const { host, port, dns } = parseAddress(value);
        const target = apps.find((a) => a.name === host);
        const service = find(build, 'Service', host);
        if (!target || !service) {
          problems.push(`${name}=${value}: no service ${host}`);
          continue;
        }
        const targetPort = serverPort(target, await loadAppConfig(target));
        if (port !== targetPort.port)
          problems.push(`${name}=${value}: ${host} listens on ${targetPort.port}`);
        if (targetPort.kind === 'grpc' && (!dns || obj(service.spec).clusterIP !== 'None')) {
          problems.push(
            `${name}=${value}: gRPC needs dns:/// and a headless Service to balance pods`,
          );
        }
      }
      for (const [name, value] of Object.entries(env.values)) {
        // In-cluster URLs (a bare host name) must name a Service of this build.
        if (!value || !name.endsWith('_URL') || !config.envShape[name]) continue;
        const url = new URL(value);
        if (url.hostname.includes('.')) continue;
        const service = find(build, 'Service', url.hostname);
        const ports = arr(obj(service?.spec).ports).map((p) => Number(obj(p).port));
        if (!ports.includes(Number(url.port)))
          problems.push(`${name}=${value}: no such Service port`);
      }
      expect(problems).toEqual([]);
    });

    it('runs non-root, read-only, without privileges, with resources', () => {
      const { container, pod } = workload(build, app);
      const podSecurity = obj(pod.spec.securityContext);
      const security = obj(container.securityContext);
      expect(security.runAsNonRoot ?? podSecurity.runAsNonRoot).toBe(true);
      expect(Number(security.runAsUser ?? podSecurity.runAsUser)).toBeGreaterThan(0);
      expect(security.readOnlyRootFilesystem).toBe(true);
      expect(security.allowPrivilegeEscalation).toBe(false);
      const resources = obj(container.resources);
      for (const level of ['requests', 'limits']) {
        expect({ level, ...pick(obj(resources[level]), ['cpu', 'memory']) }).toEqual({
          level,
          cpu: expect.anything(),
          memory: expect.anything(),
        });
      }
    });

    it(`gives the ${APP_DRAIN_SECONDS} s drain time to finish after preStop`, () => {
      const { container, pod } = workload(build, app);
      const preStop = Number(obj(obj(obj(container.lifecycle).preStop).sleep).seconds ?? 0);
      const grace = Number(pod.spec.terminationGracePeriodSeconds ?? 30);
      expect(grace).toBeGreaterThanOrEqual(preStop + APP_DRAIN_SECONDS);
    });

    it('scales on CPU with an HPA that owns the replica count, and has a PDB', () => {
      const { deployment, pod } = workload(build, app);
      expect(obj(deployment.spec).replicas).toBeUndefined();
      const hpa = find(build, 'HorizontalPodAutoscaler', app.name);
      expect({ hpa: app.name, found: Boolean(hpa) }).toEqual({ hpa: app.name, found: true });
      const spec = obj(hpa!.spec);
      expect(obj(spec.scaleTargetRef)).toMatchObject({ kind: 'Deployment', name: app.name });
      expect(arr(spec.metrics).map((m) => obj(obj(m).resource).name)).toContain('cpu');
      expect(Number(spec.minReplicas)).toBeLessThanOrEqual(Number(spec.maxReplicas));
      const pdb = find(build, 'PodDisruptionBudget', app.name);
      expect({ pdb: app.name, found: Boolean(pdb) }).toEqual({ pdb: app.name, found: true });
      expect(selects(obj(obj(pdb!.spec).selector).matchLabels, pod.labels)).toBe(true);
    });
  });
});

function pick(source: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, source[k]]));
}
