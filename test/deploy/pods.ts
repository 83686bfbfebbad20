// Reading pod templates, containers and their environment out of rendered workload objects.
import { arr, obj } from './repo';
import type { K8sObject } from './render';

export type Container = Record<string, unknown> & { name: string };

export interface SecretRef {
  env: string;
  secret: string;
  key: string;
  optional: boolean;
}

export interface ContainerEnv {
  /** name -> value; undefined when it lives in a Secret that is not rendered here. */
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
  const metadata = obj(template.metadata);
  return {
    labels: obj(metadata.labels),
    annotations: obj(metadata.annotations) as Record<string, string>,
    spec: obj(template.spec),
  };
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

const dataOf = (objects: K8sObject[], kind: 'ConfigMap' | 'Secret', name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  return found && (obj(found.data) as Record<string, string>);
};

/** The keys of a Secret rendered here (the local overlay's generated ones), else undefined. */
export function secretKeys(objects: K8sObject[], name: string): Set<string> | undefined {
  const data = dataOf(objects, 'Secret', name);
  return data && new Set(Object.keys(data));
}

export function containerEnv(objects: K8sObject[], container: Container): ContainerEnv {
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
      const data = dataOf(objects, 'ConfigMap', String(configMap));
      if (!data) result.problems.push(`envFrom ConfigMap ${configMap} is not in the build`);
      for (const [k, v] of Object.entries(data ?? {})) {
        result.values[k] = v;
        result.plain.add(k);
      }
    }
    if (secret) {
      result.secretEnvFrom.push(String(secret));
      const data = dataOf(objects, 'Secret', String(secret)) ?? {};
      for (const [k, v] of Object.entries(data)) {
        result.values[k] = Buffer.from(v, 'base64').toString('utf8');
      }
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
      // Known only where the Secret is rendered here (the local overlay's generated ones).
      const encoded = dataOf(objects, 'Secret', String(ref.name))?.[String(ref.key)];
      result.values[name] = encoded && Buffer.from(encoded, 'base64').toString('utf8');
      result.secretRefs.push({
        env: name,
        secret: String(ref.name),
        key: String(ref.key),
        optional: ref.optional === true,
      });
    } else if (valueFrom.configMapKeyRef) {
      const ref = obj(valueFrom.configMapKeyRef);
      result.values[name] = dataOf(objects, 'ConfigMap', String(ref.name))?.[String(ref.key)];
      result.plain.add(name);
    } else {
      result.values[name] = undefined;
    }
  }
  return result;
}
