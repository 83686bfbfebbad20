// Builds every image of docker-compose.yml (each service's `build:`: Dockerfile, build args and
// image name) with podman, one after another (they share the dependency layers), and prints
// each image's size and build time (docs/operations.md 'Images').
//
//   node scripts/images/build.mjs                  on the Dockerfiles' default base (the public
//                                                   Node image, pinned by digest)
//   node scripts/images/build.mjs --local-base     on the base scripts/images/base.sh makes from
//                                                   Debian's packages and the npm registry
//   node scripts/images/build.mjs --node-image NAME   on another base
//   ... [--only auth,gateway] [--tag TAG] [--report FILE.json]
//   ... --context DIR   from another copy of the repository (e.g. a clean clone; default: this one)
//   ... --no-cache      every layer built again (npm's download cache is kept)
//
// Podman runs with runc and scripts/images/containers.conf (CONTAINERS_CONF, unless set). Where
// the host reaches the npm registry through a TLS proxy of its own (NODE_EXTRA_CA_CERTS, or
// npm's cafile), the build's RUN steps get that trust too, bind-mounted (never in a layer).
// From code: `await buildImages({ nodeImage, only, tag })`; `composeImages()` lists them.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');

/** Podman's environment: this folder's containers.conf unless CONTAINERS_CONF names another. */
export const podmanEnv = () => ({
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? path.join(here, 'containers.conf'),
});

/** podman's global options: runc (PODMAN_RUNTIME to change it). */
export const podmanGlobal = () => ['--runtime', process.env.PODMAN_RUNTIME ?? 'runc'];

/** Runs podman and answers its standard output (throws with its standard error). */
export function podman(args, { input } = {}) {
  return execFileSync('podman', [...podmanGlobal(), ...args], {
    env: podmanEnv(),
    input,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Every image the docker-compose.yml of the repository at `dir` builds: its service's name,
 * Dockerfile and context (absolute), build args and image name (`ballmatch/auth:local`; `tag`
 * replaces the tag).
 */
export function composeImages({ tag, dir = root } = {}) {
  const compose = parse(fs.readFileSync(path.join(dir, 'docker-compose.yml'), 'utf8'));
  return Object.entries(compose.services)
    .filter(([, service]) => service.build)
    .map(([name, service]) => {
      const image = service.image ?? `ballmatch/${name}:local`;
      return {
        name,
        dockerfile: service.build.dockerfile ?? 'Dockerfile',
        context: path.resolve(dir, service.build.context ?? '.'),
        args: { ...service.build.args },
        image: tag ? `${image.split(':')[0]}:${tag}` : image,
      };
    });
}

/** The base made from Debian's packages and the npm registry (built once, then reused). */
export function localBase({ rebuild = false } = {}) {
  const out = execFileSync('sh', [path.join(here, 'base.sh'), ...(rebuild ? ['--rebuild'] : [])], {
    env: podmanEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return out.trim().split('\n').pop();
}

/**
 * The host's extra TLS trust for npm (a proxy's CA), as bind mounts for the build's RUN steps:
 * npm's global config of a Node installed under /usr/local names the mounted bundle.
 */
function npmTrustMounts(workDir) {
  let cafile = process.env.NODE_EXTRA_CA_CERTS ?? '';
  if (!cafile) {
    try {
      cafile = execFileSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).trim();
    } catch {
      cafile = '';
    }
  }
  if (!cafile || cafile === 'null' || cafile === 'undefined' || !fs.existsSync(cafile)) return [];
  const npmrc = path.join(workDir, 'npmrc');
  fs.writeFileSync(npmrc, 'cafile=/usr/local/etc/build-ca.crt\n');
  return [
    '--volume',
    `${fs.realpathSync(cafile)}:/usr/local/etc/build-ca.crt:ro`,
    '--volume',
    `${npmrc}:/usr/local/etc/npmrc:ro`,
  ];
}

function run(cmd, args, { log }) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: podmanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk) => {
      log(chunk.toString());
      tail = (tail + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}:\n${tail}`)),
    );
  });
}

/** An image's size in bytes, as podman reports it (every layer, the base's included). */
export const imageSize = (image) =>
  Number(podman(['image', 'inspect', '--format', '{{.Size}}', image]).trim());

/**
 * Builds the images (`only`: their service names) of the repository at `dir` on `nodeImage`
 * (default: the Dockerfiles' own). Answers, per image, its name, size in bytes and build time in
 * seconds.
 */
export async function buildImages({
  nodeImage,
  only,
  tag,
  dir = root,
  noCache = false,
  log = (text) => process.stdout.write(text),
} = {}) {
  const images = composeImages({ tag, dir }).filter((i) => !only || only.includes(i.name));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ballmatch-images-'));
  const results = [];
  try {
    const trust = npmTrustMounts(workDir);
    for (const image of images) {
      const args = { ...image.args, ...(nodeImage ? { NODE_IMAGE: nodeImage } : {}) };
      const started = Date.now();
      log(`images: building ${image.image} (${image.dockerfile})\n`);
      await run(
        'podman',
        [
          ...podmanGlobal(),
          'build',
          '--network',
          'host',
          '--layers',
          ...(noCache ? ['--no-cache'] : []),
          '--pull=missing',
          ...trust,
          '-f',
          path.join(image.context, image.dockerfile),
          ...Object.entries(args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
          '-t',
          image.image,
          image.context,
        ],
        { log },
      );
      const seconds = (Date.now() - started) / 1000;
      results.push({
        name: image.name,
        image: image.image,
        bytes: imageSize(image.image),
        seconds,
      });
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  return results;
}

/** One line per image: name, size, and build time. */
export function describe(results, base) {
  const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
  const lines = results.map(
    (r) => `${r.image.padEnd(28)} ${mb(r.bytes).padStart(7)} ${r.seconds.toFixed(0).padStart(5)} s`,
  );
  if (base) lines.push(`${`${base.image} (base)`.padEnd(28)} ${mb(base.bytes).padStart(7)}`);
  return lines.join('\n');
}

async function main(argv) {
  const option = (name) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  let nodeImage = option('--node-image');
  if (argv.includes('--local-base')) nodeImage = localBase();
  const only = option('--only')?.split(',');
  const started = Date.now();
  const results = await buildImages({
    nodeImage,
    only,
    tag: option('--tag'),
    dir: option('--context') ? path.resolve(option('--context')) : root,
    noCache: argv.includes('--no-cache'),
    log: argv.includes('--quiet') ? () => {} : (text) => process.stdout.write(text),
  });
  const base = nodeImage ? { image: nodeImage, bytes: imageSize(nodeImage) } : undefined;
  const total = (Date.now() - started) / 1000;
  console.log(
    `\n${describe(results, base)}\nimages: ${results.length} built in ${total.toFixed(0)} s`,
  );
  const report = option('--report');
  if (report) {
    fs.writeFileSync(
      report,
      `${JSON.stringify({ nodeImage, base, results, seconds: total }, null, 2)}\n`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`images: ${error.message}`);
    process.exit(1);
  });
}
