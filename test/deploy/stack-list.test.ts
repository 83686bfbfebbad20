// The one list of the stack's processes (@ballmatch/kit's STACK, which scripts/stack.mjs, the
// load, e2e and scaled stacks read) agrees with docker-compose.yml: the same Node services,
// each on its config's port with its built entry, calling the same others through the same
// variables. compose.test.ts and k8s.test.ts hold compose and k8s/ to the same config ports.
import { callEnv, DEFAULT_PORTS, STACK } from '@ballmatch/kit';
import { appsFromCompose, composeServices, extraPorts, loadAppConfig, serverPort } from './apps';
import { environmentOf, interpolate } from './compose';

const services = composeServices();
const apps = appsFromCompose();

describe("the stack's one list of services and ports", () => {
  it('names the Node services docker-compose builds, and only those', () => {
    expect(STACK.map((p) => p.name).sort()).toEqual(apps.map((a) => a.name).sort());
  });

  describe.each(apps)('$name', (app) => {
    const listed = STACK.find((p) => p.name === app.name)!;

    it("runs its workspace's build, on its config's ports", async () => {
      const config = await loadAppConfig(app);
      const { port, kind } = serverPort(app, config);
      expect({
        entry: listed.entry,
        port: listed.port,
        grpc: listed.grpcService !== undefined,
        extra: listed.gameSocket ? [listed.gameSocket.port] : [],
      }).toEqual({
        entry: `${app.workspace}/dist/index.js`,
        port,
        grpc: kind === 'grpc',
        extra: extraPorts(config).map((e) => e.port),
      });
    });

    it('calls what compose says it calls, through the same variables', () => {
      const env = environmentOf(services[app.name]);
      // Addresses and URLs of another process of the list (not the stores', not its own).
      const hostOf = (value: string) =>
        /^\w+:\/\//.test(value) ? new URL(value).hostname : value.split(':')[0];
      const addressed = Object.fromEntries(
        Object.entries(env)
          .filter(([name]) => /_(ADDR|URL)$/.test(name))
          .map(([name, raw]) => [name, interpolate(raw).value ?? ''])
          .filter(([, value]) => STACK.some((p) => p.name === hostOf(value))),
      );
      expect(addressed).toEqual(callEnv(app.name, DEFAULT_PORTS, (callee) => callee));
    });
  });
});
