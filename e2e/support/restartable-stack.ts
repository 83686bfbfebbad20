import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { logName, prepareStack, releaseStack, tail, type StackResources } from './isolated-stack';
import { artifactsDir } from './paths';

/** A stack of this journey's own whose processes it may restart. */
export interface RestartableStack {
  readonly url: string;
  /** Restarts one process (auth, sessions, scores, realtime, gateway); resolves once it is ready. */
  restart(name: string): Promise<void>;
  /** Kills one process (SIGKILL: nothing drained or flushed); resolves once its next is ready. */
  crash(name: string): Promise<void>;
}

/**
 * Starts a stack of the test file's own in beforeAll (support/stack-runner.mjs in a child
 * process, on its own ports, database and prefixes) and stops it in afterAll. Its log goes to
 * e2e/artifacts/<logFile>. `env` is added to every process's settings.
 */
export function useRestartableStack(
  logFile: string,
  { env: extraEnv = {} }: { env?: Record<string, string> } = {},
): RestartableStack {
  let child: ChildProcess | undefined;
  let resources: StackResources | undefined;
  let url = '';
  const logPath = path.join(artifactsDir, logFile);
  /** Lines the runner printed that nobody has taken yet, and who waits for the next one. */
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];

  function nextLine(): Promise<string> {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve) => waiting.push(resolve));
  }

  async function expectLine(prefix: string): Promise<string> {
    const line = await nextLine();
    if (!line.startsWith(prefix)) {
      throw new Error(
        `stack runner: ${line}\nlast lines of ${logName(logPath)}:\n${tail(logPath, 30)}`,
      );
    }
    return line.slice(prefix.length);
  }

  beforeAll(async () => {
    fs.mkdirSync(artifactsDir, { recursive: true });
    resources = await prepareStack('e2e_restarts');
    const { ports, env } = resources;
    const runner = spawn(
      process.execPath,
      [
        path.join(__dirname, 'stack-runner.mjs'),
        JSON.stringify({ ports, env: { ...env, ...extraEnv } }),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    child = runner;
    runner.stderr!.pipe(fs.createWriteStream(logPath, { flags: 'w' }));
    readline.createInterface({ input: runner.stdout! }).on('line', (line) => {
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    });
    runner.once('exit', (code) => {
      for (const waiter of waiting.splice(0)) waiter(`exited (${code})`);
    });
    url = (await expectLine('ready ')).trim();
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.stdin!.end('stop\n');
      await exited;
    }
    if (resources) await releaseStack(resources);
  });

  return {
    get url() {
      if (!url) throw new Error('the restartable stack has not started');
      return url;
    },
    async restart(name) {
      child!.stdin!.write(`restart ${name}\n`);
      await expectLine(`restarted ${name}`);
    },
    async crash(name) {
      child!.stdin!.write(`crash ${name}\n`);
      await expectLine(`restarted ${name}`);
    },
  };
}
