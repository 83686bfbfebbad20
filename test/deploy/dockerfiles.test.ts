// Every image the stack builds: multi-stage on Node 24, non-root, starts with `node`, exposes
// the port the service's config listens on.
import { appsFromCompose, envProblems, loadAppConfig, serverPort } from './apps';
import { execForm, envOf, last, parseDockerfile } from './dockerfile';
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

describe.each(apps)('$dockerfile', (app) => {
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
    const final = parseDockerfile(text()).stages.at(-1)!;
    const user = last(final, 'USER')?.args.split(':')[0];
    expect({ finalStageUser: user }).toEqual({ finalStageUser: expect.any(String) });
    expect(['root', '0']).not.toContain(user);
    expect(envOf(final).NODE_ENV).toBe('production');
  });

  it(`starts with node running ${app.workspace}/dist/index.js (not npm)`, () => {
    const final = parseDockerfile(text()).stages.at(-1)!;
    const entrypoint = last(final, 'ENTRYPOINT');
    const cmd = last(final, 'CMD');
    const command = entrypoint ? execForm(entrypoint.args) : cmd && execForm(cmd.args);
    expect({ execFormCommand: command?.[0] }).toEqual({ execFormCommand: 'node' });
    expect(command).toEqual(['node', `${app.workspace}/dist/index.js`]);
    const pkg = JSON.parse(readText(`${app.workspace}/package.json`)) as { main?: string };
    expect(pkg.main).toBe('dist/index.js');
    expect(exists(`${app.workspace}/tsconfig.json`)).toBe(true);
  });

  it('builds its own workspace', () => {
    const { globalArgs } = parseDockerfile(text());
    if ('WORKSPACE' in globalArgs) expect(globalArgs.WORKSPACE).toBe(app.workspace);
    else expect(text()).toContain(`tsc -b ${app.workspace}`);
  });

  it('exposes the port its config listens on by default', async () => {
    const config = await loadAppConfig(app);
    const { port, variable } = serverPort(app, config);
    const final = parseDockerfile(text()).stages.at(-1)!;
    const exposed = final.instructions
      .filter((i) => i.keyword === 'EXPOSE')
      .flatMap((i) => i.args.split(/\s+/))
      .map((p) => Number(p.split('/')[0]));
    expect({ [variable]: port, exposed }).toEqual({ [variable]: port, exposed: [port] });
  });

  it('sets only variables the service reads', async () => {
    const config = await loadAppConfig(app);
    const final = parseDockerfile(text()).stages.at(-1)!;
    const env = Object.fromEntries(
      Object.entries(envOf(final)).filter(([name]) => !name.startsWith('NPM_CONFIG_')),
    );
    expect(envProblems(`${app.dockerfile} ENV`, config, env)).toEqual([]);
    if ('WEB_DIST' in config.envShape) expect(text()).toMatch(/npm run build -w web/);
  });
});
