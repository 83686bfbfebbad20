// PostgreSQL as docs/operations.md 'PostgreSQL in production' says to run it, against a
// PostgreSQL of this test's own (ssl=on, a self-signed CA), started as every test store is:
// - over TLS: DATABASE_URL with `sslmode=verify-full` and the CA that signed the server's
//   certificate (`sslrootcert`), read by the services' own pg configuration (packages/platform
//   createKnex: the URL goes to node-postgres as it is);
// - one role per service, granted what the docs' SQL grants: each service's migrations run as
//   its role, which cannot read another service's schema.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStore, type StoreHandle } from '@ballmatch/kit';
import { createKnex, migrateLatest, type Migrations } from '@ballmatch/platform';
import { freePorts } from '@ballmatch/platform/testing';
import { abs, readText } from './repo';

let dir: string;
let store: StoreHandle | undefined;
let port: number;

const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

/** A CA, and a server certificate it signs for `localhost` only (not 127.0.0.1). */
function makeCertificates(certs: string) {
  const file = (name: string) => path.join(certs, name);
  const newKey = (name: string) => [
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    file(name),
  ];
  const days = ['-days', '2'];
  openssl('req', '-x509', ...newKey('ca.key'), '-out', file('ca.crt'), ...days, '-subj', '/CN=CA');
  openssl('req', ...newKey('server.key'), '-out', file('server.csr'), '-subj', '/CN=localhost');
  fs.writeFileSync(file('san.ext'), 'subjectAltName=DNS:localhost\n');
  const signer = ['-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial'];
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    ...signer,
    '-out',
    file('server.crt'),
    ...days,
    '-extfile',
    file('san.ext'),
  );
  fs.chmodSync(file('server.key'), 0o600);
  // PostgreSQL runs as the `postgres` user when this runs as root: the key must be its own.
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:', certs]);
  return { ca: file('ca.crt'), cert: file('server.crt'), key: file('server.key') };
}

let ca: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-pg-tls-'));
  fs.chmodSync(dir, 0o755);
  const certs = path.join(dir, 'certs');
  fs.mkdirSync(certs, { mode: 0o755 });
  const files = makeCertificates(certs);
  ca = files.ca;
  [port] = await freePorts(1);
  store = await startStore('postgres', {
    dataDir: path.join(dir, 'data'),
    port,
    settings: { ssl: 'on', ssl_cert_file: files.cert, ssl_key_file: files.key },
  });
}, 60_000);

afterAll(async () => {
  await store?.stop('immediate');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Connects as a service does (createKnex with its DATABASE_URL) and asks whether TLS is on. */
async function tlsOf(url: string): Promise<boolean> {
  const db = createKnex({ url, schema: 'public', poolMax: 1 });
  try {
    const { rows } = await db.raw<{ rows: { ssl: boolean }[] }>(
      'select ssl from pg_stat_ssl where pid = pg_backend_pid()',
    );
    return rows[0].ssl;
  } finally {
    await db.destroy();
  }
}

describe('PostgreSQL with sslmode=verify-full', () => {
  it('connects over TLS when the URL names the CA and the certificate’s host', async () => {
    const url = `postgres://postgres@localhost:${port}/postgres?sslmode=verify-full&sslrootcert=${ca}`;
    expect(await tlsOf(url)).toBe(true);
  });

  it('refuses a server whose certificate no trusted CA signed (the system’s CAs only)', async () => {
    await expect(
      tlsOf(`postgres://postgres@localhost:${port}/postgres?sslmode=verify-full`),
    ).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i);
  });

  it('refuses a host name the certificate does not name (127.0.0.1 for localhost)', async () => {
    await expect(
      tlsOf(`postgres://postgres@127.0.0.1:${port}/postgres?sslmode=verify-full&sslrootcert=${ca}`),
    ).rejects.toThrow(/altnames|does not match|Hostname/i);
  });

  it('(without sslmode the same server is reached in plain text: the URL decides)', async () => {
    expect(await tlsOf(`postgres://postgres@localhost:${port}/postgres`)).toBe(false);
  });
});

/** The SQL block under 'Roles and privileges.': run once, then per service from `-- for each`. */
function documentedGrants(): { once: string[]; perService: string[] } {
  const doc = readText('docs/operations.md');
  const from = doc.indexOf('**Roles and privileges.**');
  const block = /```sql\n([\s\S]*?)```/.exec(doc.slice(from))![1];
  const [once, perService] = block.split(/^-- for each of .*$/m);
  const statements = (sql: string) =>
    sql
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
  return { once: statements(once), perService: statements(perService ?? '') };
}

const SERVICES = ['auth', 'sessions', 'scores', 'ads', 'content'];

describe('one role per service, granted as docs/operations.md says', () => {
  const url = (user: string, database: string) =>
    `postgres://${user}:secret@127.0.0.1:${port}/${database}`;

  beforeAll(async () => {
    const { once, perService } = documentedGrants();
    expect(perService.length).toBeGreaterThan(0);
    const server = createKnex({ url: url('postgres', 'postgres'), schema: 'public', poolMax: 1 });
    const database = createKnex({
      url: url('postgres', 'ballmatch'),
      schema: 'public',
      poolMax: 1,
    });
    try {
      // CREATE DATABASE first, from another database; the rest in the new one.
      for (const sql of once) await (/^CREATE DATABASE/i.test(sql) ? server : database).raw(sql);
      for (const service of SERVICES) {
        for (const sql of perService) {
          await database.raw(sql.replace(/\bauth\b/g, service).replace("'...'", "'secret'"));
        }
      }
    } finally {
      await server.destroy();
      await database.destroy();
    }
  });

  it.each(SERVICES)('%s migrates its own schema as its own role', async (service) => {
    const module = (await import(abs(`services/${service}/src/migrations/index.ts`))) as {
      migrations: Migrations;
    };
    const db = createKnex({ url: url(service, 'ballmatch'), schema: service, poolMax: 2 });
    try {
      await migrateLatest(db, service, module.migrations);
      const { rows } = await db.raw<{ rows: { n: string }[] }>(
        'select count(*) as n from knex_migrations',
      );
      expect(Number(rows[0].n)).toBe(Object.keys(module.migrations).length);
    } finally {
      await db.destroy();
    }
  });

  it("cannot read another service's schema, nor make tables in public", async () => {
    const db = createKnex({ url: url('content', 'ballmatch'), schema: 'content', poolMax: 1 });
    try {
      await expect(db.raw('select count(*) from auth.knex_migrations')).rejects.toThrow(
        /permission denied/,
      );
      await expect(db.raw('create table public.probe (id int)')).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await db.destroy();
    }
  });
});
