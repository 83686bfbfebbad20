import { z } from 'zod';
import {
  commonEnv,
  ConfigError,
  configLoader,
  jwtPublicEnv,
  loadConfig,
  redisEnv,
  serviceEnv,
  serviceSecrets,
} from '../src';

describe('loadConfig', () => {
  const shape = {
    ...commonEnv,
    ...redisEnv,
    ...jwtPublicEnv,
    PORT: z.coerce.number().int().default(8080),
  };

  it('fills safe local defaults', () => {
    const config = loadConfig(shape, { env: {} });
    expect(config).toMatchObject({ NODE_ENV: 'development', REDIS_KEY_PREFIX: 'bm:', PORT: 8080 });
  });

  it('names every invalid variable without echoing values', () => {
    const attempt = () => loadConfig(shape, { env: { PORT: 'eighty', REDIS_URL: 'secret-value' } });
    expect(attempt).toThrow(/PORT: /);
    expect(attempt).toThrow(/REDIS_URL: /);
    try {
      loadConfig(shape, { env: { REDIS_URL: 'secret-value' } });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toContain('secret-value');
    }
  });

  it('refuses to start in production without its secrets', () => {
    expect(() =>
      loadConfig(shape, { env: { NODE_ENV: 'production' }, secrets: ['JWT_PUBLIC_KEY'] }),
    ).toThrow('Missing required secret in production: JWT_PUBLIC_KEY');
    expect(
      loadConfig(shape, {
        env: { NODE_ENV: 'production', JWT_PUBLIC_KEY: 'pem' },
        secrets: ['JWT_PUBLIC_KEY'],
      }).JWT_PUBLIC_KEY,
    ).toBe('pem');
  });
});

describe("a service's config (serviceEnv, serviceSecrets, configLoader)", () => {
  const callers = ['gateway', 'scores'] as const;
  const load = configLoader(serviceEnv(50059, callers), serviceSecrets(callers));

  it("reads the gRPC port, the stores and the callers' keys, with local defaults", () => {
    expect(load({ SCORES_SERVICE_PUBLIC_KEY: 'pem' })).toMatchObject({
      GRPC_PORT: 50059,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ballmatch',
      REDIS_KEY_PREFIX: 'bm:',
      NATS_SUBJECT_PREFIX: '',
      SCORES_SERVICE_PUBLIC_KEY: 'pem',
    });
  });

  it('refuses production without the session and caller public keys', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(
      'Missing required secrets in production: JWT_PUBLIC_KEY, GATEWAY_SERVICE_PUBLIC_KEY, ' +
        'SCORES_SERVICE_PUBLIC_KEY',
    );
  });
});
