// Runs one isolated stack (scripts/stack.mjs) in a Node process of its own, for a journey that
// restarts services (Jest's test sandbox cannot load the stack's ES module, and restarting the
// run's shared stack would break the journeys running beside it). Started by
// support/restartable-stack.ts with `{ports, env}` as JSON in argv[2]. stdout, one line each:
// `ready <url>` once every process answers; then each stdin line `restart <name>` (SIGTERM, as a
// deploy) or `crash <name>` (SIGKILL) is answered `restarted <name>` (or `failed <name>
// <message>`) once the replacement answers its health check. `stop`, or stdin closing, stops
// the stack and ends the process. The stack's log goes to stderr.
import readline from 'node:readline';
import { startStack } from '../../scripts/stack.mjs';

const { ports, env } = JSON.parse(process.argv[2]);
const stack = await startStack({ ...ports, env, log: (line) => process.stderr.write(line) });
process.stdout.write(`ready ${stack.url}\n`);

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, name] = line.trim().split(/\s+/);
  if (command === 'stop') break;
  if (command !== 'restart' && command !== 'crash') continue;
  try {
    await stack.restart(name, { signal: command === 'crash' ? 'SIGKILL' : 'SIGTERM' });
    process.stdout.write(`restarted ${name}\n`);
  } catch (error) {
    process.stdout.write(`failed ${name} ${error.message}\n`);
  }
}
await stack.stop();
