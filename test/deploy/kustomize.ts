// Just enough of kustomize to check the manifests without a cluster or the kustomize binary:
// resources gathered recursively, generated ConfigMaps and Secrets with their keys (merge
// behaviour included), and every file a kustomization names, which must exist. Patches are
// checked for existence, not applied.
import fs from 'node:fs';
import path from 'node:path';
import { abs, arr, exists, obj, parseEnvFile, readText, readYamlDocs } from './repo';

export type K8sObject = Record<string, unknown> & {
  kind: string;
  metadata: { name: string } & Record<string, unknown>;
};

export interface GeneratedSecret {
  keys: Set<string>;
  /** The env files it reads (repo-relative), which are never committed. */
  envFiles: string[];
}

export interface Build {
  objects: K8sObject[];
  configMaps: Map<string, Record<string, string>>;
  secrets: Map<string, GeneratedSecret>;
  /** `images:` entries: names the kustomization retags. */
  images: string[];
  /** Files listed in a kustomization that do not exist, and other faults. */
  problems: string[];
}

const KUSTOMIZATION = 'kustomization.yaml';

export function kustomize(dir: string): Build {
  const build: Build = {
    objects: [],
    configMaps: new Map(),
    secrets: new Map(),
    images: [],
    problems: [],
  };
  const file = `${dir}/${KUSTOMIZATION}`;
  if (!exists(file)) {
    build.problems.push(`${dir} has no ${KUSTOMIZATION}`);
    return build;
  }
  const k = obj(readYamlDocs(file)[0]);
  const need = (entry: unknown, what: string) => {
    const target = path.posix.join(dir, String(entry));
    if (!exists(target)) build.problems.push(`${file}: ${what} ${entry} does not exist`);
    return target;
  };

  for (const entry of [...arr(k.resources), ...arr(k.components)]) {
    const target = need(entry, 'resource');
    if (!exists(target)) continue;
    if (fs.statSync(abs(target)).isDirectory()) merge(build, kustomize(target));
    else build.objects.push(...(readYamlDocs(target) as K8sObject[]));
  }
  for (const patch of arr(k.patches)) {
    if (obj(patch).path) need(obj(patch).path, 'patch');
  }
  for (const patch of arr(k.patchesStrategicMerge)) need(patch, 'patch');

  for (const gen of arr(k.configMapGenerator).map(obj)) {
    const data: Record<string, string> = {};
    for (const env of arr(gen.envs)) {
      const target = need(env, 'configMapGenerator env file');
      if (exists(target)) Object.assign(data, parseEnvFile(readText(target)));
    }
    Object.assign(data, literals(gen.literals));
    const name = String(gen.name);
    if (gen.behavior === 'merge') {
      if (!build.configMaps.has(name)) {
        build.problems.push(`${file}: merges into ConfigMap ${name}, which nothing generates`);
      }
      build.configMaps.set(name, { ...build.configMaps.get(name), ...data });
    } else build.configMaps.set(name, data);
  }

  for (const gen of arr(k.secretGenerator).map(obj)) {
    const secret: GeneratedSecret = {
      keys: new Set(Object.keys(literals(gen.literals))),
      envFiles: [],
    };
    for (const env of arr(gen.envs)) {
      // The real file is made on each machine; its committed .example names the keys.
      const target = path.posix.join(dir, String(env));
      secret.envFiles.push(target);
      const source = exists(target) ? target : `${target}.example`;
      if (!exists(source)) {
        build.problems.push(`${file}: secret env file ${env} has neither itself nor an .example`);
        continue;
      }
      for (const key of Object.keys(parseEnvFile(readText(source)))) secret.keys.add(key);
    }
    build.secrets.set(String(gen.name), secret);
  }

  build.images.push(...arr(k.images).map((i) => String(obj(i).name)));
  return build;
}

function literals(list: unknown): Record<string, string> {
  return parseEnvFile(arr(list).map(String).join('\n'));
}

function merge(into: Build, from: Build) {
  into.objects.push(...from.objects);
  for (const [name, data] of from.configMaps) into.configMaps.set(name, data);
  for (const [name, secret] of from.secrets) into.secrets.set(name, secret);
  into.images.push(...from.images);
  into.problems.push(...from.problems);
}

export function find(build: Build, kind: string, name: string): K8sObject | undefined {
  return build.objects.find((o) => o.kind === kind && o.metadata?.name === name);
}

/** Every kustomization.yaml under `dir`. */
export function kustomizationDirs(dir: string): string[] {
  const out: string[] = [];
  (function walk(d: string) {
    if (exists(`${d}/${KUSTOMIZATION}`)) out.push(d);
    for (const entry of fs.readdirSync(abs(d), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(`${d}/${entry.name}`);
    }
  })(dir);
  return out;
}
