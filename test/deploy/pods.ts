// Reading pod templates, containers and their environment out of workload objects.
import { arr, obj } from './repo';
import type { Build, K8sObject } from './kustomize';

export type Container = Record<string, unknown> & { name: string };

export interface SecretRef {
  env: string;
  secret: string;
  key: string;
  optional: boolean;
}

export interface ContainerEnv {
  /** name -> value; undefined when the value lives in a Secret. */
  values: Record<string, string | undefined>;
  /** Which of `values` come from ConfigMaps or literals (the non-secret ones). */
  plain: Set<string>;
  secretRefs: SecretRef[];
  /** Secrets pulled in whole with envFrom. */
  secretEnvFrom: string[];
  problems: string[];
}

export function podTemplate(workload: K8sObject) {
  const template = obj(obj(workload.spec).template);
  return { labels: obj(obj(template.metadata).labels), spec: obj(template.spec) };
}

export function containers(workload: K8sObject): Container[] {
  return arr(podTemplate(workload).spec.containers) as Container[];
}

/** A probe's or a Service's port (number or container port name) as a number. */
export function resolvePort(container: Container, port: unknown): number | undefined {
  if (typeof port === 'number') return port;
  const named = arr(container.ports)
    .map(obj)
    .find((p) => p.name === port);
  return named ? Number(named.containerPort) : undefined;
}

export function containerEnv(build: Build, container: Container): ContainerEnv {
  const result: ContainerEnv = {
    values: {},
    plain: new Set(),
    secretRefs: [],
    secretEnvFrom: [],
    problems: [],
  };
  for (const from of arr(container.envFrom).map(obj)) {
    const configMap = obj(from.configMapRef).name;
    const secret = obj(from.secretRef).name;
    if (configMap) {
      const data = configMapData(build, String(configMap));
      if (!data) result.problems.push(`envFrom ConfigMap ${configMap} is not in the build`);
      for (const [k, v] of Object.entries(data ?? {})) {
        result.values[k] = v;
        result.plain.add(k);
      }
    }
    if (secret) {
      result.secretEnvFrom.push(String(secret));
      for (const k of build.secrets.get(String(secret))?.keys ?? []) result.values[k] = undefined;
    }
  }
  for (const entry of arr(container.env).map(obj)) {
    const name = String(entry.name);
    const valueFrom = obj(entry.valueFrom);
    if ('value' in entry) {
      result.values[name] = String(entry.value);
      result.plain.add(name);
    } else if (valueFrom.secretKeyRef) {
      const ref = obj(valueFrom.secretKeyRef);
      result.values[name] = undefined;
      result.secretRefs.push({
        env: name,
        secret: String(ref.name),
        key: String(ref.key),
        optional: ref.optional === true,
      });
    } else if (valueFrom.configMapKeyRef) {
      const ref = obj(valueFrom.configMapKeyRef);
      result.values[name] = configMapData(build, String(ref.name))?.[String(ref.key)];
      result.plain.add(name);
    } else {
      result.values[name] = undefined;
    }
  }
  return result;
}

function configMapData(build: Build, name: string): Record<string, string> | undefined {
  const generated = build.configMaps.get(name);
  if (generated) return generated;
  const object = build.objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name);
  return object ? (obj(object.data) as Record<string, string>) : undefined;
}
