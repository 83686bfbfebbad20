// Every image the stack builds: multi-stage on Node 24, non-root, starts with `node`, exposes
// the port the service's config listens on. The services share services/Dockerfile, so each is
// checked with its compose build args applied.
import path from 'node:path';
import { appsFromCompose, envProblems, loadAppConfig, serverPort } from './apps';
import { envOf, parseDockerfile } from './dockerfile';
import { imageOf } from './image';
import { exists, readText } from './repo';

const apps = appsFromCompose();

describe('.dockerignore', () => {
  it('keeps dependencies, builds, local data and secrets out of the build context', () => {
    expect(exists('.dockerignore')).toBe(true);
    const patterns = readText('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const needed of ['**/node_modules', '**/dist', '.data', '.env', '.git']) {
      expect({ needed, found: patterns.includes(needed) }).toEqual({ needed, found: true });
    }
  });
});

it('docker-compose builds at least the gateway and auth', () => {
  expect(apps.map((a) => a.name)).toEqual(expect.arrayContaining(['gateway', 'auth']));
});

describe.each(apps)('$name image ($dockerfile)', (app) => {
  const text = () => readText(app.dockerfile);

  it('exists', () => {
    expect({ dockerfile: app.dockerfile, exists: exists(app.dockerfile) }).toEqual({
      dockerfile: app.dockerfile,
      exists: true,
    });
  });

  it('is multi-stage, every stage on the Node major of .nvmrc', () => {
    const major = readText('.nvmrc').trim().replace(/^v/, '').split('.')[0];
    const { stages } = parseDockerfile(text());
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const names = new Set(stages.map((s) => s.name).filter(Boolean));
    for (const stage of stages.filter((s) => !names.has(s.image))) {
      expect({ stage: stage.name, image: stage.image }).toEqual({
        stage: stage.name,
        image: expect.stringMatching(new RegExp(`^node:${major}[.-]`)),
      });
    }
  });

  it('installs only production dependencies into the runtime image', () => {
    expect(text()).toMatch(/npm (ci|install)[^\n]*--omit=dev/);
  });

  it('runs as a non-root user with NODE_ENV=production', () => {
    const { user, final } = imageOf(app);
    expect({ finalStageUser: user }).toEqual({ finalStageUser: expect.any(String) });
    expect(['root', '0']).not.toContain(user);
    expect(envOf(final).NODE_ENV).toBe('production');
  });

  it('gets a value for every variable its final stage uses', () => {
    expect({ buildArgs: app.buildArgs, unset: imageOf(app).final.unset }).toEqual({
      buildArgs: app.buildArgs,
      unset: [],
    });
  });

  it(`starts with node running ${app.workspace}'s main (not npm)`, () => {
    const { command, entry } = imageOf(app);
    expect({ execFormCommand: command?.[0] }).toEqual({ execFormCommand: 'node' });
    expect(command).toHaveLength(2);
    const pkg = JSON.parse(readText(`${app.workspace}/package.json`)) as { main?: string };
    expect(pkg.main).toBe('dist/index.js');
    expect({ entry }).toEqual({ entry: path.posix.join(app.workspace, pkg.main!) });
    expect(exists(`${app.workspace}/tsconfig.json`)).toBe(true);
  });

  it('builds its own workspace, the one named like the compose service', () => {
    expect(path.posix.basename(app.workspace)).toBe(app.name);
    const build = imageOf(app).build;
    expect({ buildStage: build?.name }).toEqual({ buildStage: expect.any(String) });
    const compile = build!.instructions
      .filter((i) => i.keyword === 'RUN')
      .map((i) =>
        i.args.replace(/\$\{?(\w+)\}?/g, (whole, name: string) => build!.vars[name] ?? whole),
      )
      .find((run) => /\btsc -b\b/.test(run));
    expect(compile).toMatch(new RegExp(`tsc -b "?${app.workspace}"?(\\s|$)`));
  });

  it('exposes the port its config listens on by default', async () => {
    const config = await loadAppConfig(app);
    const { port, variable } = serverPort(app, config);
    const { exposed } = imageOf(app);
    expect({ [variable]: port, exposed }).toEqual({ [variable]: port, exposed: [port] });
  });

  it('sets only variables the service reads', async () => {
    const config = await loadAppConfig(app);
    const env = Object.fromEntries(
      Object.entries(envOf(imageOf(app).final)).filter(([name]) => !name.startsWith('NPM_CONFIG_')),
    );
    expect(envProblems(`${app.dockerfile} ENV`, config, env)).toEqual([]);
    if ('WEB_DIST' in config.envShape) expect(text()).toMatch(/npm run build -w web/);
  });
});

describe('services/Dockerfile', () => {
  it('is the one Dockerfile of every service under services/', () => {
    const services = apps.filter((a) => a.workspace.startsWith('services/'));
    expect(services.map((a) => ({ name: a.name, dockerfile: a.dockerfile }))).toEqual(
      services.map((a) => ({ name: a.name, dockerfile: 'services/Dockerfile' })),
    );
    const leftovers = services.filter((a) => exists(`${a.workspace}/Dockerfile`));
    expect(leftovers.map((a) => `${a.workspace}/Dockerfile`)).toEqual([]);
  });

  it('is told the workspace and port by build args, with no defaults to fall back on', () => {
    const { globalArgs } = parseDockerfile(readText('services/Dockerfile'));
    expect(globalArgs.WORKSPACE ?? '').toBe('');
    expect(globalArgs.PORT ?? '').toBe('');
    for (const app of apps.filter((a) => a.dockerfile === 'services/Dockerfile')) {
      expect({ name: app.name, args: Object.keys(app.buildArgs).sort() }).toEqual({
        name: app.name,
        args: expect.arrayContaining(['PORT', 'WORKSPACE']),
      });
    }
  });
});
