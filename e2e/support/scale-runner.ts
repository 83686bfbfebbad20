// A test's handle on scripts/scale/runner.mjs: the scaled-out stack (two replicas of gateway,
// scores, realtime and ads behind local balancers) in a child process, driven line by line.
// Used by the scale-out journey (e2e/test/scale-out.test.ts) and the fault suite (faults/).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from './paths';

export interface ScaledStackInfo {
  /** The front balancer: the site's address. */
  url: string;
  /** Each gateway replica's own address, past the balancer. */
  gateways: Record<'gateway-1' | 'gateway-2', string>;
  /** Each process's /metrics address. */
  metrics: Record<string, string>;
  processNames: string[];
  /** DATABASE_URL, REDIS_URL, NATS_URL of the runner's own stores (empty on shared ones). */
  storeEnv: Record<string, string>;
}

export interface ScaledStatus {
  pids: Record<string, number>;
  down: string[];
  restarts: Record<string, number>;
  balancers: Record<string, Record<string, { open: number; total: number; cut: boolean }>>;
}

export class ScaledStackRunner {
  private child: ChildProcess | undefined;
  private nextId = 1;
  private readonly pending = new Map<string, (line: string) => void>();
  private readyLine: ((line: string) => void) | undefined;
  info!: ScaledStackInfo;

  constructor(private readonly logFile: string) {}

  async start(options: {
    frontPort?: number;
    env?: Record<string, string>;
    ownStores?: boolean;
  }): Promise<ScaledStackInfo> {
    fs.mkdirSync(path.dirname(this.logFile), { recursive: true });
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'scripts/scale/runner.mjs'), JSON.stringify(options)],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.child = child;
    child.stderr!.pipe(fs.createWriteStream(this.logFile, { flags: 'w' }));
    const ready = new Promise<string>((resolve) => (this.readyLine = resolve));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('ready ')) return this.readyLine?.(line);
      const [id] = line.split(' ', 1);
      const answer = this.pending.get(id!);
      this.pending.delete(id!);
      answer?.(line.slice(id!.length + 1));
    });
    child.once('exit', (code) => {
      this.readyLine?.(`exited (${code})`);
      for (const answer of this.pending.values()) answer(`error runner exited (${code})`);
      this.pending.clear();
    });
    const line = await ready;
    if (!line.startsWith('ready ')) {
      throw new Error(`scaled stack: ${line}; see ${path.relative(repoRoot, this.logFile)}`);
    }
    this.info = JSON.parse(line.slice('ready '.length)) as ScaledStackInfo;
    return this.info;
  }

  /** Sends one command; resolves with its answer, rejects with its error. */
  async command<T = unknown>(...words: string[]): Promise<T> {
    if (!this.child || this.child.exitCode !== null) throw new Error('the runner is not running');
    const id = String(this.nextId++);
    const answer = new Promise<string>((resolve) => this.pending.set(id, resolve));
    this.child.stdin!.write(`${id} ${words.join(' ')}\n`);
    const line = await answer;
    if (line.startsWith('ok ')) return JSON.parse(line.slice(3)) as T;
    throw new Error(`${words.join(' ')}: ${line.replace(/^error /, '')}`);
  }

  /** Kills one process (SIGKILL unless told); resolves once its replacement is ready. */
  kill = (name: string, signal = 'SIGKILL') => this.command('kill', name, signal);
  restartStore = (name: string, downMs = 0) => this.command('restart-store', name, String(downMs));
  cut = (name: string) => this.command('cut', name);
  heal = (name: string) => this.command('heal', name);
  status = () => this.command<ScaledStatus>('status');

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin!.end('stop\n');
    await exited;
  }
}

/** A process's Prometheus text, as a map of `name{labels}` to value. */
export async function readMetrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(url)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

/** The sum of every sample of `name` whose labels include all of `labels` (`key="value"`). */
export function metricSum(values: Map<string, number>, name: string, labels: string[] = []) {
  let sum = 0;
  for (const [key, value] of values) {
    if (key !== name && !key.startsWith(`${name}{`)) continue;
    if (labels.every((label) => key.includes(label))) sum += value;
  }
  return sum;
}
