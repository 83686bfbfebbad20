// Where the benchmark figures go: the machine's description, and this package's own section of
// docs/benchmarks.md (other sections, written by other parts of the repo, are left as they are).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, platform, arch } from 'node:os';
import { dirname, join } from 'node:path';

/** The folder holding the workspaces' root package.json. */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error(`no workspace root above ${from}`);
  }
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.split(':')[1].trim();
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return cpus()[0]?.model ?? 'unknown CPU';
}

export function describeMachine(): string {
  return `${cpuModel()}, ${availableParallelism()} cores, Node ${process.version}, ${platform()} ${arch()}`;
}

const HEADER = [
  '# Benchmarks',
  '',
  'Figures written by the benchmark scripts in the repo, each with the command that produced',
  'it and the machine it ran on. Each part of the repo keeps its own section.',
  '',
].join('\n');

/** The repo's own Prettier layout (tables padded), so `npm run lint` stays green; as is without it. */
async function formatMarkdown(text: string, file: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...options, filepath: file });
  } catch {
    return text;
  }
}

/** Replaces (or appends) the section under `heading`, up to the next level-2 heading. */
export async function writeSection(root: string, heading: string, body: string): Promise<string> {
  const file = join(root, 'docs', 'benchmarks.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const section = `${heading}\n\n${body}\n`;
  const start = text.indexOf(`${heading}\n`);
  let next: string;
  if (start < 0) {
    next = `${text.trimEnd()}\n\n${section}`;
  } else {
    const after = text.indexOf('\n## ', start + heading.length);
    const rest = after < 0 ? '' : text.slice(after + 1);
    next = `${text.slice(0, start)}${section}${rest ? `\n${rest}` : ''}`;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await formatMarkdown(next, file));
  return file;
}
