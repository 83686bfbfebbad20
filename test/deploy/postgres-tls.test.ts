// PostgreSQL over TLS as production should use it: DATABASE_URL with `sslmode=verify-full` and
// the CA that signed the server's certificate (`sslrootcert`), read by the services' own pg
// configuration (packages/platform createKnex: the URL goes to node-postgres as it is). Against a
// PostgreSQL of this test's own (ssl=on, a self-signed CA), started as every test store is.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStore, type StoreHandle } from '@ballmatch/kit';
import { createKnex } from '@ballmatch/platform';
import { freePorts } from '@ballmatch/platform/testing';

let dir: string;
let store: StoreHandle | undefined;
let port: number;

const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });

/** A CA, and a server certificate it signs for `localhost` only (not 127.0.0.1). */
function makeCertificates(certs: string) {
  const file = (name: string) => path.join(certs, name);
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '2',
    '-subj',
    '/CN=BallMatch test CA',
  );
  openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    '/CN=localhost',
  );
  fs.writeFileSync(file('san.ext'), 'subjectAltName=DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.crt'),
    '-days',
    '2',
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
