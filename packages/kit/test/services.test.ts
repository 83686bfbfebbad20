import { callEnv, DEFAULT_PORTS, PORT_NAMES, portsFrom, readyCheck, STACK } from '../src';

describe("the stack's list", () => {
  it('names a port for every process, and the game socket', () => {
    expect(PORT_NAMES).toEqual([
      'authPort',
      'sessionsPort',
      'sessionsWsPort',
      'scoresPort',
      'adsPort',
      'contentPort',
      'realtimePort',
      'gatewayPort',
    ]);
    expect(Object.keys(DEFAULT_PORTS).sort()).toEqual([...PORT_NAMES].sort());
  });

  it('names free ports in order, and refuses too few', () => {
    const ports = portsFrom(PORT_NAMES.map((_, i) => 1000 + i));
    expect(ports.authPort).toBe(1000);
    expect(ports.gatewayPort).toBe(1000 + PORT_NAMES.length - 1);
    expect(() => portsFrom([1, 2])).toThrow(`the stack needs ${PORT_NAMES.length} ports, got 2`);
  });

  it('gives each process the addresses of those it calls; the gateway starts last', () => {
    expect(STACK.at(-1)!.name).toBe('gateway');
    expect(callEnv('scores', DEFAULT_PORTS)).toEqual({
      SESSIONS_ADDR: '127.0.0.1:50053',
      AUTH_ADDR: '127.0.0.1:50051',
    });
    expect(callEnv('gateway', DEFAULT_PORTS)).toMatchObject({
      SESSIONS_WS_URL: 'http://127.0.0.1:8091',
      REALTIME_URL: 'http://127.0.0.1:8090',
    });
    expect(readyCheck('realtime', DEFAULT_PORTS)).toEqual({ http: 'http://127.0.0.1:8090/readyz' });
  });
});
