// What an app's image will be, read from its Dockerfile with the compose build args applied:
// the final stage's user, exposed ports, command and the file that command runs.
import path from 'node:path';
import type { App } from './apps';
import {
  last,
  parseDockerfile,
  resolveStage,
  workdirAfter,
  type Dockerfile,
  type ResolvedStage,
  type Stage,
} from './dockerfile';
import { readText } from './repo';

export interface Image {
  dockerfile: Dockerfile;
  final: Stage & ResolvedStage;
  /** The stage that compiles the workspace (runs `tsc -b`). */
  build: (Stage & ResolvedStage) | undefined;
  user: string | undefined;
  exposed: number[];
  /** ENTRYPOINT, else CMD, in exec form; undefined for shell form. */
  command: string[] | undefined;
  /** The file `node` runs, relative to where the build output lands (the repo root's image). */
  entry: string | undefined;
}

export function imageOf(app: App): Image {
  const dockerfile = parseDockerfile(readText(app.dockerfile));
  const resolve = (stage: Stage) => ({
    ...stage,
    ...resolveStage(dockerfile, stage, app.buildArgs),
  });
  const final = resolve(dockerfile.stages.at(-1)!);
  const user = last(final, 'USER')?.args.split(':')[0];
  const exposed = final.instructions
    .filter((i) => i.keyword === 'EXPOSE')
    .flatMap((i) => i.args.split(/\s+/))
    .map((p) => Number(p.split('/')[0]));
  const command = (last(final, 'ENTRYPOINT') ?? last(final, 'CMD'))?.exec;

  // The build output is copied into the working directory of that COPY; the command runs in the
  // last WORKDIR. Their difference plus the script is the path inside the repository.
  const buildStage = dockerfile.stages.find((s) =>
    s.instructions.some((i) => i.keyword === 'RUN' && /\btsc -b\b/.test(i.args)),
  );
  const copyIndex = final.instructions.findIndex(
    (i) => i.keyword === 'COPY' && buildStage?.name !== undefined && i.from === buildStage.name,
  );
  let entry: string | undefined;
  if (copyIndex >= 0 && command?.[0] === 'node' && command[1]) {
    const root = workdirAfter(final.instructions, copyIndex);
    const runDir = workdirAfter(final.instructions, final.instructions.length - 1);
    entry = path.posix.relative(root, path.posix.resolve(runDir, command[1]));
  }
  return {
    dockerfile,
    final,
    build: buildStage && resolve(buildStage),
    user,
    exposed,
    command,
    entry,
  };
}
