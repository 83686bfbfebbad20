// Another commit's tree beside this one, built, for a before/after run (`--baseline <ref>`):
// a detached git worktree outside the repository's files (os.tmpdir(), so no tool that walks
// this repository finds a second copy of it), its own `npm ci` and `node scripts/build.mjs`.
// A worktree already at that commit is reused, its dependencies too when they are up to date.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/stack.mjs';

const git = (cwd, ...args) =>
  execFileSync('git', ['-C', cwd, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

/** The Node a tree pins (its `node` package), or this process's when it has none. */
export function nodeOf(tree) {
  const pinned = path.join(tree, 'node_modules/.bin/node');
  return fs.existsSync(pinned) ? pinned : process.execPath;
}

/** The commit `ref` names in this repository; a clear error when it names none. */
export function commitOf(ref) {
  try {
    return git(root, 'rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`);
  } catch {
    throw new Error(`--baseline ${ref}: not a commit of this repository (${root})`);
  }
}

/**
 * The built tree of `ref`: {dir, commit, steps} where `steps` says what was done (each also
 * logged). `parent` is where the worktrees go (one folder per commit).
 */
export function prepareBaselineTree(
  ref,
  { log, parent = path.join(os.tmpdir(), 'ballmatch-baseline') },
) {
  const commit = commitOf(ref);
  const short = commit.slice(0, 12);
  const dir = path.join(parent, short);
  const steps = [];
  const step = (line) => {
    steps.push(line);
    log(line);
  };
  if (fs.existsSync(dir)) {
    let at = null;
    try {
      at = git(dir, 'rev-parse', 'HEAD');
    } catch {
      // not a worktree (any more)
    }
    if (at === commit) {
      step(`reusing the worktree ${dir} (at ${short})`);
    } else {
      step(`${dir} is not a worktree at ${short}: removing it`);
      try {
        git(root, 'worktree', 'remove', '--force', dir);
      } catch {
        fs.rmSync(dir, { recursive: true, force: true });
        git(root, 'worktree', 'prune');
      }
    }
  }
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(parent, { recursive: true });
    git(root, 'worktree', 'add', '--detach', dir, commit);
    step(`git worktree add --detach ${dir} ${short} (${ref})`);
  }
  // npm and the install scripts run on this Node 24 (the machine's may be older).
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
  };
  const run = (file, args) =>
    execFileSync(file, args, { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  // npm writes this file last: present and newer than the lockfile, the install is complete.
  const installed = path.join(dir, 'node_modules/.package-lock.json');
  const lock = path.join(dir, 'package-lock.json');
  if (fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lock).mtimeMs) {
    step('dependencies already installed (node_modules newer than package-lock.json)');
  } else {
    step('npm ci --no-audit --no-fund');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
  step('node scripts/build.mjs (incremental: quick when already built)');
  run(nodeOf(dir), ['scripts/build.mjs']);
  log(`(remove it with: git worktree remove --force ${dir})`);
  return { dir, commit, steps };
}
