// scripts/datastores.mjs against the machine's running PostgreSQL, Redis and NATS (npm test
// makes sure they answer before Jest starts). The script is ESM, so it runs in a child Node.
// Starting stores from .data/ is not exercised here: it would need free standard ports.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { abs } from './repo';

const script = pathToFileURL(abs('scripts/datastores.mjs')).href;

/** Runs `body` (an async ESM snippet with `m` = the module) in a child Node; returns its JSON. */
function run<T>(body: string): T {
  const source = `const m = await import(${JSON.stringify(script)});\n${body}`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

describe('scripts/datastores.mjs', () => {
  it('uses the stores already answering on the standard ports, in well under a second', () => {
    const result = run<{ ms: number; lines: string[] }>(`
      const lines = [];
      const t0 = performance.now();
      await m.ensureDatastores({ log: (line) => lines.push(line) });
      console.log(JSON.stringify({ ms: performance.now() - t0, lines }));
    `);
    expect(result.lines).toEqual([
      'PostgreSQL already answers on 127.0.0.1:5432',
      'Redis already answers on 127.0.0.1:6379',
      'NATS already answers on 127.0.0.1:4222',
    ]);
    expect(result.ms).toBeLessThan(1000);
  });

  it('stops nothing it did not start', () => {
    const result = run<boolean[]>(`
      await m.ensureDatastores({ log: () => {} });
      await m.stopStartedDatastores({ log: () => {} });
      const after = await Promise.all(['postgres', 'redis', 'nats'].map((s) => m.probe(s)));
      console.log(JSON.stringify(after.map((p) => p.ok)));
    `);
    expect(result).toEqual([true, true, true]);
  });

  it('tells a free port from one held by something else, by each protocol hello', () => {
    const result = run<Record<string, { ok: boolean; free: boolean }>>(`
      const net = await import('node:net');
      const server = net.createServer().listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      const freePort = server.address().port;
      await new Promise((r) => server.close(r));
      const [postgresOnFree, redisOnNats, natsOnRedis, postgresOnRedis] = await Promise.all([
        m.probe('postgres', freePort),
        m.probe('redis', 4222),
        m.probe('nats', 6379),
        m.probe('postgres', 6379),
      ]);
      const out = { postgresOnFree, redisOnNats, natsOnRedis, postgresOnRedis };
      console.log(JSON.stringify(out));
    `);
    expect(result.postgresOnFree).toMatchObject({ ok: false, free: true });
    expect(result.redisOnNats).toMatchObject({ ok: false, free: false });
    expect(result.natsOnRedis).toMatchObject({ ok: false, free: false });
    expect(result.postgresOnRedis).toMatchObject({ ok: false, free: false });
  });

  it('runs from the command line', () => {
    const out = execFileSync(process.execPath, [abs('scripts/datastores.mjs')], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(out).toContain('datastores: Redis already answers on 127.0.0.1:6379');
  });
});
