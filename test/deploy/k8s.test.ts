// k8s/ as Kubernetes gets it: every overlay rendered by the real kustomize (`kubectl
// kustomize`) and every object validated against the Kubernetes OpenAPI schemas. On top, the
// project's own cross-checks against the code: ports, probes, environment names and values
// against each service's config, secrets only from Secrets, images, and who may reach whom.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import {
  appsFromCompose,
  composeServices,
  envProblems,
  loadAppConfig,
  parseAddress,
  extraPorts,
  serverPort,
  type App,
  type AppConfig,
} from './apps';
import { environmentOf } from './compose';
import { admitted, appName, egressAllowed, rangeReaches, workloads } from './network';
import { containerEnv, containers, podTemplate, resolvePort, secretKeys } from './pods';
import { find, render, renderLocalOverlay, schemaProblems, type K8sObject } from './render';
import { arr, committableFiles, exists, isGitIgnored, obj, readText, readYamlDocs } from './repo';

const apps = appsFromCompose();
const LOCAL = 'k8s/overlays/local';
const PRODUCTION = 'k8s/overlays/production';
const rendered = new Map<string, K8sObject[]>([
  ['k8s/base', render('k8s/base')],
  [LOCAL, renderLocalOverlay()],
  [PRODUCTION, render(PRODUCTION)],
]);
const overlays = [LOCAL, PRODUCTION];
const APP_DRAIN_SECONDS = 15;
/** Every pod serves /metrics on this port (METRICS_PORT; its processes' defaults differ). */
const METRICS_PORT = 9464;
const INGRESS_NAMESPACE = 'ns:ingress-nginx';
const MONITORING_NAMESPACE = 'ns:monitoring';

function workload(objects: K8sObject[], app: App) {
  const deployment = find(objects, 'Deployment', app.name);
  if (!deployment) throw new Error(`no Deployment ${app.name} in the build`);
  const container = containers(deployment).find((c) => c.name === app.name);
  if (!container) throw new Error(`Deployment ${app.name} has no container named ${app.name}`);
  return { deployment, container, pod: podTemplate(deployment) };
}

const selects = (selector: unknown, labels: Record<string, unknown>) =>
  Object.entries(obj(selector)).every(([k, v]) => labels[k] === v) &&
  Object.keys(obj(selector)).length > 0;

/** The host a process connects to through an address or URL variable, if in the cluster. */
function targetHost(name: string, value: string | undefined): string | undefined {
  return target(name, value)?.host;
}

/** The host and port a process connects to through an address or URL variable, if in the cluster. */
function target(
  name: string,
  value: string | undefined,
): { host: string; port: number } | undefined {
  if (!value) return undefined;
  if (name.endsWith('_ADDR')) return parseAddress(value);
  if ((name.endsWith('_URL') || name.endsWith('_ENDPOINT')) && /^\w+:\/\//.test(value)) {
    const url = new URL(value);
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    return url.hostname.includes('.') ? undefined : { host: url.hostname, port };
  }
  return undefined;
}

/**
 * Where a store URL held in a Secret that is not rendered here (production's) connects: the
 * store its config's default names (`postgres://…:5432`, `redis://…:6379`), on that port.
 */
function storeOf(config: AppConfig | undefined, name: string) {
  const fallback = config?.envShape[name]?.safeParse(undefined).data;
  if (!name.endsWith('_URL') || typeof fallback !== 'string') return undefined;
  const url = new URL(fallback);
  return { host: url.protocol.replace(/:$/, ''), port: Number(url.port) };
}

/** Stripe's API, where the ads service's payments go (STRIPE_API_BASE unset: Stripe itself). */
const STRIPE = { host: 'stripe', port: 443 };
/** The cloud's metadata address (AWS, GCP, Azure, …): it hands out the node's credentials. */
const METADATA_ADDRESS = '169.254.169.254';
/**
 * Where the Kubernetes API answers inside clusters: the `kubernetes` Service's first address of
 * the usual service ranges (kubeadm, kind, k3s, EKS, GKE, AKS) and the other private ranges.
 */
const API_ADDRESSES = ['10.96.0.1', '10.43.0.1', '10.100.0.1', '172.20.0.1', '192.168.0.1'];

/** Addresses on the internet (DNS resolvers, cloud ranges): no pod but ads (Stripe) reaches them. */
const PUBLIC_ADDRESSES = ['1.1.1.1', '8.8.8.8', '13.107.42.14', '34.117.59.81', '52.94.236.248'];

/** The row of docs/operations.md's production Secret table for `secret`. */
function documentedSecretKeys(secret: string): string {
  const row = readText('docs/operations.md')
    .split('\n')
    .find((line) => line.trimStart().startsWith(`| \`${secret}\``));
  return row ?? '';
}

describe('k8s/', () => {
  it.each([...rendered.keys()])(
    '%s renders with kustomize, and every object validates against the Kubernetes schemas',
    (dir) => {
      const objects = rendered.get(dir)!;
      expect(objects.length).toBeGreaterThan(10);
      expect(schemaProblems(objects)).toEqual([]);
    },
  );

  it('uses the core kinds a production deployment needs', () => {
    const kinds = new Set([...rendered.values()].flat().map((o) => `${o.apiVersion} ${o.kind}`));
    for (const kind of [
      'v1 Namespace',
      'v1 ServiceAccount',
      'v1 ConfigMap',
      'v1 Secret',
      'v1 Service',
      'apps/v1 Deployment',
      'apps/v1 StatefulSet',
      'autoscaling/v2 HorizontalPodAutoscaler',
      'policy/v1 PodDisruptionBudget',
      'networking.k8s.io/v1 NetworkPolicy',
      'networking.k8s.io/v1 Ingress',
    ]) {
      expect({ kind, rendered: kinds.has(kind) }).toEqual({ kind, rendered: true });
    }
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
    expect(rendered.get(PRODUCTION)!.filter((o) => o.kind === 'Secret')).toEqual([]);
  });

  it("local: generate.sh's secret files are gitignored and each key is named in its .example", () => {
    const kustomization = obj(readYamlDocs(`${LOCAL}/kustomization.yaml`)[0]);
    const generators = arr(kustomization.secretGenerator).map(obj);
    expect(generators.length).toBeGreaterThan(0);
    for (const generator of generators) {
      const keys = secretKeys(rendered.get(LOCAL)!, String(generator.name));
      for (const envFile of arr(generator.envs).map((f) => `${LOCAL}/${String(f)}`)) {
        expect({ file: envFile, gitignored: isGitIgnored(envFile) }).toEqual({
          file: envFile,
          gitignored: true,
        });
        expect({ example: `${envFile}.example`, exists: exists(`${envFile}.example`) }).toEqual({
          example: `${envFile}.example`,
          exists: true,
        });
        // Optional keys are commented out in the example: `# ADMIN_USERNAME=...` names them too.
        const named = [...readText(`${envFile}.example`).matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)];
        const documented = new Set(named.map((m) => m[1]));
        const undocumented = [...(keys ?? [])].filter((k) => !documented.has(k));
        expect({ secret: generator.name, undocumented }).toEqual({
          secret: generator.name,
          undocumented: [],
        });
      }
    }
  });

  it('leaves no manifest out: every YAML file under k8s/ is named by its kustomization', () => {
    const named = new Set<string>();
    const yamlFiles = committableFiles('k8s').filter((f) => f.endsWith('.yaml'));
    for (const file of yamlFiles.filter((f) => path.posix.basename(f) === 'kustomization.yaml')) {
      const k = obj(readYamlDocs(file)[0]);
      const entries = [
        ...arr(k.resources),
        ...arr(k.patches).map((p) => obj(p).path),
        ...arr(k.configMapGenerator).flatMap((g) => arr(obj(g).files)),
      ];
      for (const entry of entries.filter(Boolean)) {
        named.add(path.posix.join(path.posix.dirname(file), String(entry)));
      }
    }
    const orphans = yamlFiles.filter(
      (f) => path.posix.basename(f) !== 'kustomization.yaml' && !named.has(f),
    );
    expect(orphans).toEqual([]);
  });

  it('runs a trace collector that receives OTLP where every service sends it, in compose too', () => {
    const objects = rendered.get('k8s/base')!;
    const collector = find(objects, 'Deployment', 'otel-collector')!;
    const container = containers(collector)[0];
    const volume = arr(podTemplate(collector).spec.volumes)
      .map(obj)
      .find((v) => v.configMap);
    const configMap = find(objects, 'ConfigMap', String(obj(volume?.configMap).name));
    const config = obj(YAML.parse(String(obj(configMap?.data)['config.yaml'])));
    const portOf = (endpoint: unknown) => Number(String(endpoint).split(':').pop());
    // OTLP/HTTP where the Service sends it; the probes on the health_check extension.
    const http = obj(obj(obj(obj(config.receivers).otlp).protocols).http);
    const service = obj(find(objects, 'Service', 'otel-collector')!.spec);
    const servicePort = obj(arr(service.ports)[0]);
    expect(portOf(http.endpoint)).toBe(resolvePort(container, servicePort.targetPort));
    const health = portOf(obj(obj(config.extensions).health_check).endpoint);
    for (const probe of ['readinessProbe', 'livenessProbe']) {
      expect({ probe, port: obj(obj(container[probe]).httpGet).port }).toEqual({
        probe,
        port: health,
      });
    }
    // Every component the traces pipeline names is configured; the debug exporter by default.
    const pipeline = obj(obj(obj(config.service).pipelines).traces);
    for (const kind of ['receivers', 'processors', 'exporters']) {
      const missing = arr(pipeline[kind]).filter((name) => !(String(name) in obj(config[kind])));
      expect({ kind, missing }).toEqual({ kind, missing: [] });
    }
    expect(pipeline.exporters).toEqual(['debug']);
    // Every service sends there (Kubernetes and compose), and compose mounts the same file.
    const endpoint = `http://otel-collector:${String(servicePort.port)}`;
    for (const w of workloads(objects).filter((o) => apps.some((a) => a.name === appName(o)))) {
      const env = containerEnv(objects, containers(w)[0]).values;
      expect({ app: appName(w), endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT }).toEqual({
        app: appName(w),
        endpoint,
      });
    }
    const compose = composeServices();
    for (const app of apps) {
      expect({
        app: app.name,
        endpoint: environmentOf(compose[app.name]).OTEL_EXPORTER_OTLP_ENDPOINT,
      }).toEqual({ app: app.name, endpoint });
    }
    expect(arr(compose['otel-collector'].volumes)).toContain(
      './k8s/base/otel-collector/config.yaml:/etc/otelcol-contrib/config.yaml:ro',
    );
    expect(String(compose['otel-collector'].image)).toBe(String(container.image));
  });

  it('the base deploys exactly the Node services docker-compose builds (and the trace collector)', () => {
    const deployments = rendered
      .get('k8s/base')!
      .filter((o) => o.kind === 'Deployment')
      .map((o) => o.metadata.name);
    expect(deployments.sort()).toEqual([...apps.map((a) => a.name), 'otel-collector'].sort());
  });
});

describe('k8s/overlays/production-external-secrets', () => {
  const EXTERNAL = 'k8s/overlays/production-external-secrets';
  const objects = render(EXTERNAL);
  const external = objects.filter((o) => o.kind === 'ExternalSecret');
  const production = rendered.get(PRODUCTION)!;

  it('is the production overlay plus ExternalSecrets (those validated elsewhere)', () => {
    const names = (list: K8sObject[]) => list.map((o) => `${o.kind}/${o.metadata.name}`).sort();
    expect(names(objects.filter((o) => o.kind !== 'ExternalSecret'))).toEqual(names(production));
    expect(schemaProblems(objects.filter((o) => o.kind !== 'ExternalSecret'))).toEqual([]);
    for (const e of external) {
      expect({ name: e.metadata.name, apiVersion: e.apiVersion }).toEqual({
        name: e.metadata.name,
        apiVersion: 'external-secrets.io/v1',
      });
      expect(obj(obj(e.spec).secretStoreRef)).toEqual({
        kind: 'ClusterSecretStore',
        name: 'ballmatch',
      });
    }
  });

  it('makes every Secret the pods read, with each key they require and only keys they read', () => {
    const refs = workloads(production).flatMap((w) =>
      containers(w).flatMap((c) => containerEnv(production, c).secretRefs),
    );
    const secrets = [...new Set(refs.map((r) => r.secret))].sort();
    expect(external.map((e) => String(obj(obj(e.spec).target).name)).sort()).toEqual(secrets);
    for (const secret of secrets) {
      const made = external.find((e) => obj(obj(e.spec).target).name === secret)!;
      const keys = arr(obj(made.spec).data).map((d) => String(obj(d).secretKey));
      const read = refs.filter((r) => r.secret === secret);
      const required = read.filter((r) => !r.optional).map((r) => r.key);
      expect({ secret, missing: required.filter((k) => !keys.includes(k)) }).toEqual({
        secret,
        missing: [],
      });
      const unread = keys.filter((k) => !read.some((r) => r.key === k));
      expect({ secret, unread }).toEqual({ secret, unread: [] });
    }
  });
});

describe.each(overlays)('%s', (overlay) => {
  const objects = rendered.get(overlay)!;

  it('retags every BallMatch image, and only images its workloads use', () => {
    const kustomization = obj(readYamlDocs(`${overlay}/kustomization.yaml`)[0]);
    const retagged = arr(kustomization.images).map((i) => obj(i));
    const images = workloads(objects).flatMap((w) => containers(w).map((c) => String(c.image)));
    for (const app of apps) {
      const entry = retagged.find((i) => i.name === `ballmatch/${app.name}`);
      expect({ app: app.name, retagged: Boolean(entry) }).toEqual({
        app: app.name,
        retagged: true,
      });
      const image = `${String(entry!.newName ?? entry!.name)}:${String(entry!.newTag)}`;
      expect(images).toContain(image);
    }
    expect(images.filter((i) => i.startsWith('ballmatch/') && !i.includes(':'))).toEqual([]);
  });

  it('runs every pod non-root, read-only, without privileges or capabilities, seccomp on', () => {
    const problems = workloads(objects).flatMap((w) => {
      const pod = podTemplate(w);
      const podSecurity = obj(pod.spec.securityContext);
      return containers(w).flatMap((c) => {
        const security = obj(c.securityContext);
        const where = `${w.kind}/${w.metadata.name} ${c.name}`;
        const seccomp = obj(security.seccompProfile ?? podSecurity.seccompProfile).type;
        const uid = Number(security.runAsUser ?? podSecurity.runAsUser);
        return [
          (security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true && 'runAsNonRoot',
          !(uid > 0) && 'a numeric non-root runAsUser',
          security.readOnlyRootFilesystem !== true && 'readOnlyRootFilesystem',
          security.allowPrivilegeEscalation !== false && 'allowPrivilegeEscalation: false',
          JSON.stringify(obj(security.capabilities).drop) !== '["ALL"]' && 'drop ALL',
          seccomp !== 'RuntimeDefault' && 'seccomp RuntimeDefault',
          !obj(obj(c.resources).requests).memory && 'memory request',
          !obj(obj(c.resources).limits).memory && 'memory limit',
          !c.readinessProbe && 'readinessProbe',
          !c.livenessProbe && 'livenessProbe',
          pod.spec.automountServiceAccountToken !== false && 'no service-account token',
        ]
          .filter(Boolean)
          .map((missing) => `${where}: needs ${missing}`);
      });
    });
    expect(problems).toEqual([]);
  });

  it('routes the Ingress to a Service port that exists, with WebSocket-friendly timeouts', () => {
    const ingresses = objects.filter((o) => o.kind === 'Ingress');
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
        const service = find(objects, 'Service', String(backend.name));
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

  it('lets each pod connect only where its configuration says (egress): DNS, callees, stores, the trace collector, ads to Stripe', async () => {
    const expected: string[] = [];
    const actual: string[] = [];
    for (const w of workloads(objects)) {
      const name = appName(w);
      const app = apps.find((a) => a.name === name);
      const config = app && (await loadAppConfig(app));
      const want = new Set(['dns:53']);
      for (const c of containers(w)) {
        const env = containerEnv(objects, c);
        for (const [variable, value] of Object.entries(env.values)) {
          const to = value === undefined ? storeOf(config, variable) : target(variable, value);
          if (to && to.host !== name) want.add(`${to.host}:${to.port}`);
        }
        // A server named by host and port (auth's SMTP_HOST, SMTP_PORT), not the process's own.
        for (const [variable, host] of Object.entries(env.values)) {
          const prefix = /^(\w+)_HOST$/.exec(variable)?.[1];
          if (!prefix || !host || ['GRPC', 'METRICS'].includes(prefix)) continue;
          const port =
            env.values[`${prefix}_PORT`] ??
            config?.envShape[`${prefix}_PORT`]?.safeParse(undefined).data;
          want.add(`${host}:${String(port)}`);
        }
        const paying = env.secretRefs.some((r) => r.env === 'STRIPE_SECRET_KEY');
        if (paying && !env.values.STRIPE_API_BASE) want.add(`${STRIPE.host}:${STRIPE.port}`);
      }
      // NATS servers route to each other on their cluster port (nats.conf's routes).
      const cluster = arr(containers(w)[0].ports)
        .map(obj)
        .find((p) => p.name === 'cluster');
      if (cluster) want.add(`${name}:${Number(cluster.containerPort)}`);
      expected.push(`${name} -> ${[...want].sort().join(', ')}`);
      const got = egressAllowed(objects, w);
      actual.push(`${name} -> ${got ? got.allowed.join(', ') : 'anywhere (no egress policy)'}`);
    }
    expect(actual).toEqual(expected);
  });

  it('lets no pod reach the metadata address or the Kubernetes API, nor (but ads, to Stripe) the internet', () => {
    const problems = workloads(objects).flatMap((w) => {
      const name = appName(w);
      const got = egressAllowed(objects, w);
      if (!got) return [`${name}: no egress policy (it may connect anywhere)`];
      return [
        ...got.allowed
          .filter((a) => a.startsWith('*') || a.endsWith(':*') || a.startsWith('ns:'))
          .map((a) => `${name}: ${a} is open`),
        ...got.allowed
          .filter((a) => a.startsWith('dns:') && a !== 'dns:53')
          .map((a) => `${name}: kube-system beyond DNS (${a})`),
        ...got.ranges
          .filter((r) => rangeReaches(r, METADATA_ADDRESS))
          .map((r) => `${name}: ${r.cidr} reaches the metadata address`),
        ...got.ranges
          .filter((r) => API_ADDRESSES.some((address) => rangeReaches(r, address)))
          .map((r) => `${name}: ${r.cidr} reaches the Kubernetes API's addresses`),
        // The internet: only the ads service's Stripe, and the gateway nothing outside the
        // cluster but its store.
        ...got.ranges
          .filter((r) => r.to !== STRIPE.host && PUBLIC_ADDRESSES.some((a) => rangeReaches(r, a)))
          .map((r) => `${name}: ${r.cidr} (${r.to}) reaches the internet`),
        ...(name === 'gateway'
          ? got.ranges.filter((r) => r.to !== 'redis').map((r) => `gateway: may reach ${r.to}`)
          : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('routes /ws/game straight to the sessions game socket, one pod per game, on the site’s host', () => {
    const route = find(objects, 'Ingress', 'sessions-game-socket');
    expect(route).toBeDefined();
    expect(obj(route!.metadata.annotations)).toMatchObject({
      // ingress-nginx's consistent hash of the URL's ?session=: a game's sockets reach one pod.
      'nginx.ingress.kubernetes.io/upstream-hash-by': '$arg_session',
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
      'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
    });
    const rules = arr(obj(route!.spec).rules).map(obj);
    const paths = rules.flatMap((rule) => arr(obj(rule.http).paths).map(obj));
    expect(paths).toEqual([
      {
        path: '/ws/game',
        pathType: 'Exact',
        backend: { service: { name: 'sessions', port: { name: 'game-ws' } } },
      },
    ]);
    // The game socket's port is the one the sessions process listens on (GAME_WS_PORT).
    const sessions = workload(
      objects,
      apps.find((a) => a.name === 'sessions')!,
    );
    const gameWs = arr(sessions.container.ports)
      .map(obj)
      .find((p) => p.name === 'game-ws');
    expect(String(gameWs?.containerPort)).toBe(
      containerEnv(objects, sessions.container).values.GAME_WS_PORT,
    );
    // The same hosts and certificate as the gateway's Ingress (the rest of the site).
    const site = find(objects, 'Ingress', 'gateway')!;
    const hostsOf = (ingress: K8sObject) => arr(obj(ingress.spec).rules).map((r) => obj(r).host);
    expect(hostsOf(route!)).toEqual(hostsOf(site));
    expect(obj(route!.spec).tls).toEqual(obj(site.spec).tls);
  });

  it('admits each connection the configuration makes, and no other (NetworkPolicies)', async () => {
    // Expected callers of each in-cluster host and port, from every process's addresses and
    // URLs (a Service port is its pod's port here), and the ingress controller to each port an
    // Ingress routes to.
    const callers = new Map<string, Set<string>>();
    for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
      for (const rule of arr(obj(ingress.spec).rules).map(obj)) {
        for (const path of arr(obj(rule.http).paths).map(obj)) {
          const backend = obj(obj(path.backend).service);
          const service = find(objects, 'Service', String(backend.name))!;
          const port = arr(obj(service.spec).ports)
            .map(obj)
            .find((p) => p.name === obj(backend.port).name || p.port === obj(backend.port).number)!;
          const app = String(obj(obj(service.spec).selector)['app.kubernetes.io/name']);
          const pod = workloads(objects).find((w) => appName(w) === app)!;
          const key = `${app}:${resolvePort(containers(pod)[0], port.targetPort ?? port.port)}`;
          if (!callers.has(key)) callers.set(key, new Set());
          callers.get(key)!.add(INGRESS_NAMESPACE);
        }
      }
    }
    for (const w of workloads(objects)) {
      for (const c of containers(w)) {
        for (const [name, value] of Object.entries(containerEnv(objects, c).values)) {
          const to = target(name, value);
          if (to && to.host !== appName(w)) {
            const key = `${to.host}:${to.port}`;
            if (!callers.has(key)) callers.set(key, new Set());
            callers.get(key)!.add(appName(w));
          }
        }
      }
    }
    const expected: string[] = [];
    const actual: string[] = [];
    for (const w of workloads(objects)) {
      const name = appName(w);
      for (const port of arr(containers(w)[0].ports).map(obj)) {
        const portName = String(port.name);
        let want: string[];
        if (portName === 'metrics' || portName === 'monitor') want = [MONITORING_NAMESPACE];
        else if (portName === 'cluster')
          want = [name]; // NATS servers route to each other
        else want = [...(callers.get(`${name}:${Number(port.containerPort)}`) ?? [])].sort();
        expected.push(`${name}:${portName} <- ${want.join(', ')}`);
        const got = admitted(objects, w, Number(port.containerPort));
        actual.push(`${name}:${portName} <- ${got ? got.join(', ') : 'anyone (no policy)'}`);
      }
    }
    expect(actual).toEqual(expected);
    const denyAll = find(objects, 'NetworkPolicy', 'default-deny-ingress');
    expect(obj(denyAll?.spec)).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
  });

  if (overlay === LOCAL) {
    it.each(['postgres', 'redis', 'nats'])(
      'runs %s as a StatefulSet with a headless Service and probes',
      (name) => {
        const set = find(objects, 'StatefulSet', name);
        expect({ statefulSet: name, found: Boolean(set) }).toEqual({
          statefulSet: name,
          found: true,
        });
        expect(obj(find(objects, 'Service', name)?.spec).clusterIP).toBe('None');
      },
    );

    it('runs NATS with JetStream', () => {
      const nats = containers(find(objects, 'StatefulSet', 'nats')!)[0];
      expect(arr(nats.args).map(String)).toContain('-js');
    });
  } else {
    it('runs NATS as a JetStream cluster of three, and no other store (managed ones)', () => {
      const stores = objects.filter((o) => o.kind === 'StatefulSet').map((o) => o.metadata.name);
      expect(stores).toEqual(['nats']);
      const nats = find(objects, 'StatefulSet', 'nats')!;
      const spec = obj(nats.spec);
      expect(spec.replicas).toBe(3);
      const headless = find(objects, 'Service', String(spec.serviceName));
      expect(obj(headless?.spec)).toMatchObject({
        clusterIP: 'None',
        publishNotReadyAddresses: true,
      });
      const pdb = find(objects, 'PodDisruptionBudget', 'nats');
      expect(obj(pdb?.spec).maxUnavailable).toBe(1);
      // The config it mounts: every route is one of the three pods under the headless Service.
      const volume = arr(podTemplate(nats).spec.volumes)
        .map(obj)
        .find((v) => v.configMap);
      const config = find(objects, 'ConfigMap', String(obj(volume?.configMap).name));
      const conf = String(obj(config?.data)['nats.conf']);
      expect(conf).toMatch(/jetstream\s*\{/);
      const routes = [...conf.matchAll(/nats:\/\/([\w-]+)\.([\w-]+):6222/g)];
      expect(routes.map((r) => `${r[1]}.${r[2]}`)).toEqual(
        [0, 1, 2].map((i) => `nats-${i}.${String(spec.serviceName)}`),
      );
    });

    it('gives NATS a config nats-server itself accepts (nats-server -t)', () => {
      const nats = find(objects, 'StatefulSet', 'nats')!;
      const volume = arr(podTemplate(nats).spec.volumes)
        .map(obj)
        .find((v) => v.configMap);
      const config = find(objects, 'ConfigMap', String(obj(volume?.configMap).name));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ballmatch-nats-'));
      const file = path.join(dir, 'nats.conf');
      fs.writeFileSync(file, String(obj(config?.data)['nats.conf']));
      const check = (conf: string) => {
        const run = spawnSync('nats-server', ['-t', '-c', conf], {
          env: { ...process.env, POD_NAME: 'nats-0' },
          encoding: 'utf8',
        });
        if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
          throw new Error('nats-server is not installed: apt-get install nats-server');
        }
        // It reports on stderr, valid or not.
        if (run.status !== 0) throw new Error(run.stderr);
        return run.stderr;
      };
      try {
        expect(check(file)).toMatch(/valid/);
        // The check can fail: a misspelt field is refused.
        fs.writeFileSync(
          file,
          readText(`${PRODUCTION}/nats/nats.conf`) + '\nlame_duck_duraton: 1s\n',
        );
        expect(() => check(file)).toThrow(/unknown field/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  describe.each(apps)('$name', (app) => {
    it('has a Deployment whose container listens on the config port, and serves metrics', async () => {
      const config = await loadAppConfig(app);
      const { variable, port } = serverPort(app, config);
      const { container, pod } = workload(objects, app);
      const env = containerEnv(objects, container);
      const ports = arr(container.ports).map((p) => [obj(p).name, Number(obj(p).containerPort)]);
      const set = env.values[variable];
      // One metrics port in every pod (METRICS_PORT), the one the annotations name.
      const metrics = Number(env.values.METRICS_PORT ?? Number.NaN);
      expect({ METRICS_PORT: metrics }).toEqual({ METRICS_PORT: METRICS_PORT });
      const extra = extraPorts(config).map((e) => [expect.any(String), e.port]);
      expect({ ports, [variable]: set === undefined ? port : Number(set) }).toEqual({
        ports: [[expect.any(String), port], ...extra, ['metrics', metrics]],
        [variable]: port,
      });
      expect(pod.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(metrics),
        'prometheus.io/path': '/metrics',
      });
    });

    it('has startup, readiness and liveness probes on that port', async () => {
      const config = await loadAppConfig(app);
      const { kind, port } = serverPort(app, config);
      const { container } = workload(objects, app);
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
      const { container, pod } = workload(objects, app);
      const service = find(objects, 'Service', app.name);
      expect({ service: app.name, found: Boolean(service) }).toEqual({
        service: app.name,
        found: true,
      });
      const spec = obj(service!.spec);
      expect(selects(spec.selector, pod.labels)).toBe(true);
      const targets = arr(spec.ports).map((p) =>
        resolvePort(container, obj(p).targetPort ?? obj(p).port),
      );
      expect(targets).toEqual([port, ...extraPorts(config).map((e) => e.port)]);
      if (kind === 'grpc') expect(spec.clusterIP).toBe('None');
    });

    it('runs as its own ServiceAccount, which mounts no token', () => {
      const { pod } = workload(objects, app);
      expect(pod.spec.serviceAccountName).toBe(app.name);
      const account = find(objects, 'ServiceAccount', app.name);
      expect({ account: app.name, automount: account?.automountServiceAccountToken }).toEqual({
        account: app.name,
        automount: false,
      });
    });

    it('sets only variables the service reads, with valid values', async () => {
      const config = await loadAppConfig(app);
      const { container } = workload(objects, app);
      const env = containerEnv(objects, container);
      expect([
        ...env.problems,
        ...envProblems(`${overlay} ${app.name}`, config, env.values),
      ]).toEqual([]);
    });

    it('gets every secret from a Secret, never from a ConfigMap or a literal', async () => {
      const config = await loadAppConfig(app);
      const { container } = workload(objects, app);
      const env = containerEnv(objects, container);
      const problems = config.secretNames.flatMap((name) => {
        if (env.plain.has(name)) return [`${name} is set in plain text`];
        const ref = env.secretRefs.find((r) => r.env === name);
        if (ref && !ref.optional) return [];
        const whole = env.secretEnvFrom.some((s) => secretKeys(objects, s)?.has(name));
        return whole ? [] : [`${name} is not taken from a Secret`];
      });
      expect({ app: app.name, problems }).toEqual({ app: app.name, problems: [] });
    });

    it('references Secret keys that are generated here or listed for operators in docs', () => {
      const { container } = workload(objects, app);
      const env = containerEnv(objects, container);
      const problems = env.secretRefs.flatMap((ref) => {
        const generated = secretKeys(objects, ref.secret);
        if (generated) {
          return generated.has(ref.key) || ref.optional
            ? []
            : [`${ref.secret} is generated without ${ref.key}`];
        }
        return documentedSecretKeys(ref.secret).includes(`\`${ref.key}\``)
          ? []
          : [`docs/operations.md's Secret table does not list ${ref.key} in ${ref.secret}`];
      });
      expect(problems).toEqual([]);
    });

    it('points addresses at services that exist, on their ports (dns:/// + headless for gRPC)', async () => {
      const config = await loadAppConfig(app);
      const { container } = workload(objects, app);
      const env = containerEnv(objects, container);
      const problems: string[] = [];
      for (const [name, value] of Object.entries(env.values)) {
        if (!value || !name.endsWith('_ADDR')) continue;
        const { host, port, dns } = parseAddress(value);
        const target = apps.find((a) => a.name === host);
        const service = find(objects, 'Service', host);
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
        const host = targetHost(name, value);
        if (!host) continue;
        const url = new URL(value);
        const service = find(objects, 'Service', host);
        const ports = arr(obj(service?.spec).ports).map((p) => Number(obj(p).port));
        if (!ports.includes(Number(url.port)))
          problems.push(`${name}=${value}: no such Service port`);
      }
      expect(problems).toEqual([]);
    });

    it(`gives the ${APP_DRAIN_SECONDS} s drain time to finish after preStop`, () => {
      const { container, pod } = workload(objects, app);
      const preStop = Number(obj(obj(obj(container.lifecycle).preStop).sleep).seconds ?? 0);
      const grace = Number(pod.spec.terminationGracePeriodSeconds ?? 30);
      expect(grace).toBeGreaterThanOrEqual(preStop + APP_DRAIN_SECONDS);
    });

    it('scales on CPU with an HPA that owns the replica count, and has a PDB', () => {
      const { deployment, pod } = workload(objects, app);
      expect(obj(deployment.spec).replicas).toBeUndefined();
      const hpa = find(objects, 'HorizontalPodAutoscaler', app.name);
      expect({ hpa: app.name, apiVersion: hpa?.apiVersion }).toEqual({
        hpa: app.name,
        apiVersion: 'autoscaling/v2',
      });
      const spec = obj(hpa!.spec);
      expect(obj(spec.scaleTargetRef)).toMatchObject({ kind: 'Deployment', name: app.name });
      expect(arr(spec.metrics).map((m) => obj(obj(m).resource).name)).toContain('cpu');
      expect(Number(spec.minReplicas)).toBeLessThanOrEqual(Number(spec.maxReplicas));
      const pdb = find(objects, 'PodDisruptionBudget', app.name);
      expect({ pdb: app.name, found: Boolean(pdb) }).toEqual({ pdb: app.name, found: true });
      expect(selects(obj(obj(pdb!.spec).selector).matchLabels, pod.labels)).toBe(true);
    });
  });
});
