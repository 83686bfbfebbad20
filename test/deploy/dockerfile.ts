// A small Dockerfile reader: instructions grouped by stage, with ARG defaults resolved in FROM,
// and a stage's instructions with its build args and ENV substituted as the builder does.
import path from 'node:path';

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  /** The FROM image as written, and with global ARG defaults substituted. */
  from: string;
  image: string;
  name?: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  globalArgs: Record<string, string>;
  stages: Stage[];
}

function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const trimmed = raw.trim();
    // Comment lines (parser directives included) are skipped, even inside a continuation.
    if (trimmed.startsWith('#')) continue;
    if (trimmed.endsWith('\\')) {
      current += trimmed.slice(0, -1) + ' ';
      continue;
    }
    current += trimmed;
    if (current.trim()) lines.push(current.trim());
    current = '';
  }
  if (current.trim()) lines.push(current.trim());
  return lines;
}

const substitute = (text: string, vars: Record<string, string>) =>
  text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, a: string, b: string) => vars[a ?? b] ?? whole);

const variable = /\$\{(\w+)(?::([-+])([^}]*))?\}|\$(\w+)/g;
// The instructions whose arguments the builder expands (RUN and CMD are left to the shell).
const EXPANDED = new Set([
  'ADD',
  'COPY',
  'ENV',
  'EXPOSE',
  'LABEL',
  'STOPSIGNAL',
  'USER',
  'WORKDIR',
]);

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const match = /^(\S+)\s*(.*)$/.exec(line)!;
    const keyword = match[1].toUpperCase();
    const args = match[2];
    if (keyword === 'FROM') {
      const words = args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const from = words[0];
      const asIndex = words.findIndex((w) => w.toUpperCase() === 'AS');
      stages.push({
        from,
        image: substitute(from, globalArgs),
        name: asIndex >= 0 ? words[asIndex + 1] : undefined,
        instructions: [],
      });
    } else if (stages.length === 0) {
      if (keyword === 'ARG') {
        const [name, value = ''] = args.split('=');
        globalArgs[name.trim()] = value.trim();
      }
    } else {
      stages[stages.length - 1].instructions.push({ keyword, args });
    }
  }
  return { globalArgs, stages };
}

/** The value of an exec-form instruction (["node", "x.js"]), or undefined for shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  try {
    const parsed: unknown = JSON.parse(args);
    return Array.isArray(parsed) ? parsed.map(String) : undefined;
  } catch {
    return undefined;
  }
}

/** ENV KEY=VALUE [KEY=VALUE ...] (and the legacy ENV KEY VALUE). */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    if (!args.includes('=')) {
      const [key, ...rest] = args.split(/\s+/);
      env[key] = rest.join(' ');
      continue;
    }
    for (const m of args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[m[1]] = m[2].replace(/^"|"$/g, '');
  }
  return env;
}

export function last(stage: Stage, keyword: string): Instruction | undefined {
  return stage.instructions.filter((i) => i.keyword === keyword).pop();
}

export interface ResolvedStage {
  /** The stage's instructions with variables expanded where the builder expands them. */
  instructions: Instruction[];
  /** Variables used but set by neither an ARG in scope, a build arg nor ENV (expanded to ''). */
  unset: string[];
  /** The variables in scope at the end of the stage (ARGs and ENV). */
  vars: Record<string, string>;
}

/**
 * A stage as `docker build --build-arg` would see it: a stage `ARG NAME[=default]` takes the
 * build arg, else its own default, else the global ARG's default; ENV adds to the variables.
 */
export function resolveStage(
  dockerfile: Dockerfile,
  stage: Stage,
  buildArgs: Record<string, string>,
): ResolvedStage {
  const vars: Record<string, string> = {};
  const unset = new Set<string>();
  const expand = (text: string) =>
    text.replace(variable, (_m, braced?: string, op?: string, word?: string, bare?: string) => {
      const name = (braced ?? bare)!;
      const value = vars[name];
      if (op === '-') return value ? value : (word ?? '');
      if (op === '+') return value ? (word ?? '') : '';
      if (value === undefined) unset.add(name);
      return value ?? '';
    });
  const instructions: Instruction[] = [];
  for (const { keyword, args } of stage.instructions) {
    if (keyword === 'ARG') {
      const [name, ...rest] = args.split('=');
      const key = name.trim();
      const fallback = rest.length ? expand(rest.join('=')) : dockerfile.globalArgs[key];
      const value = buildArgs[key] ?? fallback;
      if (value !== undefined) vars[key] = value;
      instructions.push({ keyword, args });
      continue;
    }
    const expanded = EXPANDED.has(keyword) ? expand(args) : args;
    if (keyword === 'ENV') {
      const stageEnv = envOf({ ...stage, instructions: [{ keyword, args: expanded }] });
      Object.assign(vars, stageEnv);
    }
    instructions.push({ keyword, args: expanded });
  }
  return { instructions, unset: [...unset], vars };
}

/** The working directory after each instruction, WORKDIR by WORKDIR (relative ones chained). */
export function workdirAfter(instructions: Instruction[], index: number, start = '/'): string {
  let dir = start;
  for (const { keyword, args } of instructions.slice(0, index + 1)) {
    if (keyword === 'WORKDIR') dir = path.posix.resolve(dir, args.trim());
  }
  return dir;
}
