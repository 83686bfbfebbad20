// Validates Kubernetes objects against the Kubernetes API's OpenAPI schemas, with the validators
// kubernetes-models generates from them (types, enums, required fields, formats). Built-in
// kinds only: an apiVersion/kind it has no model for is reported, never skipped.
//   kubectl kustomize k8s/overlays/production | node test/deploy/k8s-schema.mjs [--json]
// Prints one problem a line (or a JSON array with --json) and exits 1 when there is any.
// ESM on purpose: kubernetes-models ships ES modules only; the Jest tests run this file.
import { pathToFileURL } from 'node:url';
import YAML from 'yaml';

/** `apps/v1` -> `kubernetes-models/apps/v1`; the core group's `v1` -> `kubernetes-models/v1`. */
async function modelFor(apiVersion, kind) {
  if (!/^([a-z0-9.-]+\/)?v\d+((alpha|beta)\d+)?$/.test(String(apiVersion))) return undefined;
  try {
    const models = await import(`kubernetes-models/${apiVersion}`);
    const Model = models[kind];
    return typeof Model === 'function' && Model.kind === kind ? Model : undefined;
  } catch {
    return undefined;
  }
}

/**
 * kustomize writes a generated Secret's long base64 values over several lines; the API server's
 * decoder (Go's encoding/base64) skips line breaks, the schema's `byte` pattern does not.
 */
function asTheApiServerReadsIt(object) {
  if (object?.kind !== 'Secret' || !object.data) return object;
  const data = Object.fromEntries(
    Object.entries(object.data).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.replace(/[\r\n]/g, '') : v,
    ]),
  );
  return { ...object, data };
}

/** Problems of each object (empty when every object validates). */
export async function validateObjects(objects) {
  const problems = [];
  for (const [index, object] of objects.entries()) {
    const where = `${object?.kind ?? '?'}/${object?.metadata?.name ?? `#${index}`}`;
    const Model = await modelFor(object?.apiVersion, object?.kind);
    if (!Model) {
      problems.push(`${where}: no Kubernetes schema for ${object?.apiVersion} ${object?.kind}`);
      continue;
    }
    try {
      new Model(asTheApiServerReadsIt(object)).validate();
    } catch (error) {
      const details = Array.isArray(error.errors)
        ? error.errors.map((e) => `${e.instancePath || '/'} ${e.message}`)
        : [error.message];
      problems.push(...details.map((d) => `${where}: ${d}`));
    }
  }
  return problems;
}

async function main() {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const docs = YAML.parseAllDocuments(text);
  const broken = docs.flatMap((doc) => doc.errors.map((e) => `YAML: ${e.message}`));
  const objects = docs.map((doc) => doc.toJS()).filter((o) => o !== null && o !== undefined);
  const problems = [...broken, ...(await validateObjects(objects))];
  if (process.argv.includes('--json')) console.log(JSON.stringify(problems));
  else for (const line of problems) console.log(line);
  if (!process.argv.includes('--json') && problems.length === 0) {
    console.error(`${objects.length} objects valid`);
  }
  process.exitCode = problems.length ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
