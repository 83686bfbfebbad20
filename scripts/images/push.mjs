// Pushes the images build.mjs made to a registry and pins the production overlay to exactly
// what was pushed: each `images:` entry of k8s/overlays/production/kustomization.yaml gets
// `newName: <repository>/<name>` and `newTag: <tag>@sha256:<digest>` (the tag says which
// release, the digest is what the cluster pulls). docs/operations.md 'Images'.
//
//   node scripts/images/push.mjs --repository registry.example.com/ballmatch --tag 0.1.0 --pin
//   ... [--kustomization FILE] (default: the production overlay's) [--tls-verify false]
//   ... [--only auth,gateway]
//
// Log in first (`podman login registry.example.com`). From code: `pushImages(...)` and
// `pinImages(file, pushed)`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDocument } from 'yaml';
import { composeImages, podmanEnv, podmanGlobal, root } from './build.mjs';

export const productionKustomization = path.join(
  root,
  'k8s/overlays/production/kustomization.yaml',
);

/**
 * Pushes each image (`only`: their compose service names) as `<repository>/<name>:<tag>`;
 * answers per image its name, the reference pushed and the digest the registry stored.
 */
export function pushImages({ repository, tag, tlsVerify = true, only }) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ballmatch-push-'));
  try {
    return composeImages()
      .filter((i) => !only || only.includes(i.name))
      .map((image) => {
        const ref = `${repository}/${image.name}:${tag}`;
        const digestFile = path.join(workDir, image.name);
        execFileSync(
          'podman',
          [
            ...podmanGlobal(),
            'push',
            '--quiet',
            `--tls-verify=${tlsVerify}`,
            '--digestfile',
            digestFile,
            image.image,
            ref,
          ],
          { env: podmanEnv(), stdio: ['ignore', 'ignore', 'inherit'] },
        );
        const digest = fs.readFileSync(digestFile, 'utf8').trim();
        if (!/^sha256:[0-9a-f]{64}$/.test(digest)) throw new Error(`${ref}: digest ${digest}`);
        return { name: image.name, repository: `${repository}/${image.name}`, tag, digest };
      });
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** Rewrites the `images:` entries of the kustomization `file` (its comments kept). */
export function pinImages(file, pushed) {
  const doc = parseDocument(fs.readFileSync(file, 'utf8'));
  const images = doc.get('images');
  for (const image of pushed) {
    const entry = images?.items.find((item) => item.get('name') === `ballmatch/${image.name}`);
    if (!entry) throw new Error(`${file} has no images entry for ballmatch/${image.name}`);
    entry.set('newName', image.repository);
    entry.set('newTag', `${image.tag}@${image.digest}`);
    entry.delete('digest');
  }
  fs.writeFileSync(file, doc.toString());
}

function main(argv) {
  const option = (name) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const repository = option('--repository');
  const tag = option('--tag');
  if (!repository || !tag) {
    throw new Error('usage: push.mjs --repository <registry>/<path> --tag <tag> [--pin]');
  }
  const pushed = pushImages({
    repository,
    tag,
    tlsVerify: option('--tls-verify') !== 'false',
    only: option('--only')?.split(','),
  });
  for (const p of pushed) console.log(`${p.repository}:${p.tag}@${p.digest}`);
  if (argv.includes('--pin')) {
    const file = path.resolve(option('--kustomization') ?? productionKustomization);
    pinImages(file, pushed);
    console.log(`images: pinned ${pushed.length} images in ${path.relative(root, file)}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`images: ${error.message}`);
    process.exit(1);
  }
}
