// Reading the repository's files for the deployment checks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export const repoRoot = path.resolve(__dirname, '../..');

export const abs = (rel: string) => path.resolve(repoRoot, rel);
export const rel = (file: string) => path.relative(repoRoot, file) || '.';
export const exists = (relPath: string) => fs.existsSync(abs(relPath));
export const readText = (relPath: string) => fs.readFileSync(abs(relPath), 'utf8');

/** Every document of a YAML file (merge keys `<<` resolved, as Compose does). */
export function readYamlDocs(relPath: string): unknown[] {
  const docs = YAML.parseAllDocuments(readText(relPath), { merge: true });
  for (const doc of docs) {
    if (doc.errors.length > 0) {
      throw new Error(`${relPath}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
  }
  return docs.map((doc) => doc.toJS()).filter((doc) => doc !== null && doc !== undefined);
}

export function readYaml(relPath: string): unknown {
  const [doc] = readYamlDocs(relPath);
  return doc;
}

/** KEY=VALUE lines (no quotes, `#` comments), as kustomize's env files and .env files. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

/** Files under `dir` that git tracks or would track (gitignored ones left out). */
export function committableFiles(dir: string): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', dir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => f && fs.existsSync(abs(f)));
}

export function isGitIgnored(relPath: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', '--', relPath], { cwd: repoRoot });
    return true;
  } catch {
    return false;
  }
}

/** A plain object, or an empty one: YAML leaves absent blocks undefined. */
export function obj(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
