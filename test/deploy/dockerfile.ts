// Dockerfiles read with dockerfile-ast (the parser behind the Docker language server), grouped
// by stage. Only what no parser can know is ours: a stage as `docker build --build-arg` sees it,
// with the build args compose passes and the stage's ENV substituted where the builder does.
import path from 'node:path';
import {
  Copy,
  DockerfileParser,
  Env,
  JSONInstruction,
  type Arg,
  type Instruction as AstInstruction,
} from 'dockerfile-ast';

export interface Instruction {
  keyword: string;
  /** The arguments as written (flags such as COPY's --from left out), continuations joined. */
  args: string;
  /** CMD/ENTRYPOINT in exec form: its strings; undefined in shell form. */
  exec?: string[];
  /** COPY --from=<stage>. */
  from?: string;
  /** ENV's NAME=value pairs. */
  env?: Record<string, string>;
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

const argProperty = (arg: Arg) => {
  const property = arg.getProperty();
  return { name: property?.getName() ?? '', value: property?.getValue() ?? undefined };
};

function toInstruction(node: AstInstruction): Instruction {
  const instruction: Instruction = {
    keyword: node.getKeyword(),
    args: node.getArgumentsContent() ?? '',
  };
  if (node instanceof JSONInstruction && instruction.args.trim().startsWith('[')) {
    instruction.exec = node.getJSONStrings().map((s) => s.getJSONValue());
  }
  if (node instanceof Copy) instruction.from = node.getFromFlag()?.getValue() ?? undefined;
  if (node instanceof Env) {
    instruction.env = Object.fromEntries(
      node.getProperties().map((p) => [p.getName(), p.getValue() ?? '']),
    );
  }
  return instruction;
}

export function parseDockerfile(text: string): Dockerfile {
  const ast = DockerfileParser.parse(text);
  const globalArgs: Record<string, string> = {};
  for (const arg of ast.getInitialARGs()) {
    const { name, value } = argProperty(arg);
    globalArgs[name] = value ?? '';
  }
  const stages: Stage[] = [];
  for (const node of ast.getInstructions()) {
    const keyword = node.getKeyword();
    if (keyword === 'FROM') {
      const from = ast
        .getFROMs()
        .find((f) => f.getRange().start.line === node.getRange().start.line)!;
      const written = from.getImage() ?? '';
      stages.push({
        from: written,
        image: substitute(written, globalArgs).text,
        name: from.getBuildStage() ?? undefined,
        instructions: [],
      });
    } else if (stages.length > 0) stages.at(-1)!.instructions.push(toInstruction(node));
  }
  return { globalArgs, stages };
}

const variable = /\$\{(\w+)(?::([-+?])([^}]*))?\}|\$(\w+)/g;

/** `${NAME}`, `$NAME`, `${NAME:-word}`, `${NAME:+word}` as the builder expands them. */
function substitute(text: string, vars: Record<string, string>) {
  const unset = new Set<string>();
  const expanded = text.replace(
    variable,
    (_m, braced?: string, op?: string, word?: string, bare?: string) => {
      const name = (braced ?? bare)!;
      const value = vars[name];
      if (op === '-') return value ? value : (word ?? '');
      if (op === '+') return value ? (word ?? '') : '';
      if (value === undefined) unset.add(name);
      return value ?? '';
    },
  );
  return { text: expanded, unset };
}

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
  const expand = (text: string) => {
    const result = substitute(text, vars);
    result.unset.forEach((name) => unset.add(name));
    return result.text;
  };
  const instructions = stage.instructions.map((instruction) => {
    if (instruction.keyword === 'ARG') {
      const [name, ...rest] = instruction.args.split('=');
      const key = name.trim();
      const fallback = rest.length ? expand(rest.join('=')) : dockerfile.globalArgs[key];
      const value = buildArgs[key] ?? fallback;
      if (value !== undefined) vars[key] = value;
      return instruction;
    }
    if (!EXPANDED.has(instruction.keyword)) return instruction;
    const resolved = { ...instruction, args: expand(instruction.args) };
    if (instruction.env) {
      resolved.env = Object.fromEntries(
        Object.entries(instruction.env).map(([k, v]) => [k, expand(v)]),
      );
      Object.assign(vars, resolved.env);
    }
    return resolved;
  });
  return { instructions, unset: [...unset], vars };
}

/** ENV of a stage, all instructions together. */
export function envOf(stage: { instructions: Instruction[] }): Record<string, string> {
  return Object.assign({}, ...stage.instructions.map((i) => i.env ?? {}));
}

export function last(stage: { instructions: Instruction[] }, keyword: string) {
  return stage.instructions.filter((i) => i.keyword === keyword).pop();
}

/** The working directory after each instruction, WORKDIR by WORKDIR (relative ones chained). */
export function workdirAfter(instructions: Instruction[], index: number, start = '/'): string {
  let dir = start;
  for (const { keyword, args } of instructions.slice(0, index + 1)) {
    if (keyword === 'WORKDIR') dir = path.posix.resolve(dir, args.trim());
  }
  return dir;
}
