// Backs up and restores the PostgreSQL database of the services (docs/operations.md 'Back up
// and restore') with the machine's pg_dump and pg_restore, installed from Debian's
// postgresql-client when missing (as root; otherwise the exact command is printed). Only Node
// built-ins, like scripts/datastores.mjs.
//
//   node scripts/pg-backup.mjs backup  <database-url> <file>   a custom-format dump of every schema
//   node scripts/pg-backup.mjs restore <file> <database-url>   into an empty database, all or nothing
//
// The password never goes on a command line (where `ps` shows it): it is taken out of the URL
// and handed to the tools as PGPASSWORD. A dump is written beside its file and renamed once
// pg_restore can read it whole, so a file of that name is always a complete dump.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const TOOLS = ['pg_dump', 'pg_restore', 'psql'];
const APT_PACKAGE = 'postgresql-client';

function findBinary(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && fs.existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  }
  return null;
}

/** Installs postgresql-client when a tool is missing (root with apt-get), else says how. */
export function ensurePgClient({ log = console.log } = {}) {
  const missing = TOOLS.filter((tool) => !findBinary(tool));
  if (missing.length === 0) return;
  const command = `apt-get install -y ${APT_PACKAGE}`;
  if (process.getuid?.() !== 0 || !findBinary('apt-get')) {
    throw new Error(
      `${missing.join(', ')} missing; install Debian's ${APT_PACKAGE}:\n  sudo apt-get update && sudo ${command}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log(`pg-backup: installing ${APT_PACKAGE}`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', APT_PACKAGE], { stdio: 'inherit', env });
}

/** The URL without its password, and the environment that carries the password instead. */
function connection(databaseUrl) {
  let url;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error('the database URL is not a URL (postgres://user:password@host:5432/name)');
  }
  if (!/^postgres(ql)?:$/.test(url.protocol) || url.pathname.length < 2) {
    throw new Error('the database URL must be postgres://…/<database name>');
  }
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env, name: decodeURIComponent(url.pathname.slice(1)) };
}

function run(tool, args, env) {
  try {
    return execFileSync(tool, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = String(error.stderr ?? '').trim();
    throw new Error(`${tool} failed: ${stderr || error.message}`, { cause: error });
  }
}

/** The archive's table of contents (pg_restore --list): proof the file is a whole dump. */
function tableOfContents(file) {
  return run('pg_restore', ['--list', file], process.env);
}

/** Dumps the whole database to `file` (custom format: compressed, restorable selectively). */
export function backup(databaseUrl, file) {
  ensurePgClient();
  const db = connection(databaseUrl);
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    run('pg_dump', ['--format=custom', '--file', partial, '--dbname', db.url], db.env);
    const toc = tableOfContents(partial);
    fs.renameSync(partial, file);
    const tables = toc.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
    return { file, bytes: fs.statSync(file).size, tables };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Schemas of the database beyond PostgreSQL's own and an empty `public`. */
function userSchemas(db) {
  const sql = `select nspname from pg_namespace n
    where nspname !~ '^pg_' and nspname <> 'information_schema'
      and (nspname <> 'public' or exists (select 1 from pg_class c where c.relnamespace = n.oid))
    order by 1`;
  return run('psql', ['--no-psqlrc', '-Atc', sql, '--dbname', db.url], db.env)
    .split('\n')
    .filter(Boolean);
}

/**
 * Restores `file` into the database at `databaseUrl`, which must exist and be empty (a restore
 * over live data would mix two states). One transaction: a failure leaves it empty. Objects are
 * owned by the restoring user, as on the machine the dump came from they were by its user.
 */
export function restore(file, databaseUrl) {
  ensurePgClient();
  if (!fs.existsSync(file)) throw new Error(`no dump at ${file}`);
  const db = connection(databaseUrl);
  tableOfContents(file);
  const present = userSchemas(db);
  if (present.length) {
    throw new Error(
      `database ${db.name} is not empty (schemas ${present.join(', ')}): restore into a new one`,
    );
  }
  run(
    'pg_restore',
    ['--exit-on-error', '--single-transaction', '--no-owner', '--dbname', db.url, file],
    db.env,
  );
  return { database: db.name, schemas: userSchemas(db) };
}

function main([command, ...args]) {
  if (command === 'backup' && args.length === 2) {
    const done = backup(args[0], args[1]);
    console.log(`pg-backup: ${done.file}: ${done.tables} tables, ${done.bytes} bytes`);
  } else if (command === 'restore' && args.length === 2) {
    const done = restore(args[0], args[1]);
    console.log(`pg-backup: restored into ${done.database}: schemas ${done.schemas.join(', ')}`);
  } else {
    console.error(
      'usage: node scripts/pg-backup.mjs backup <database-url> <file>\n' +
        '       node scripts/pg-backup.mjs restore <file> <database-url>',
    );
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`pg-backup: ${error.message}`);
    process.exit(1);
  }
}
