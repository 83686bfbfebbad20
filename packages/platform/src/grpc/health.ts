import { credentials, loadPackageDefinition, type Client } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoPath } from 'grpc-health-check';

type HealthClient = Client & {
  check(
    request: { service: string },
    options: { deadline: Date },
    callback: (error: Error | null, response?: { status: string }) => void,
  ): void;
};

let HealthCtor: (new (address: string, creds: unknown) => HealthClient) | undefined;

function healthClient(address: string): HealthClient {
  if (!HealthCtor) {
    const pkg = loadPackageDefinition(loadSync(protoPath, { enums: String })) as unknown as {
      grpc: { health: { v1: { Health: typeof HealthCtor } } };
    };
    HealthCtor = pkg.grpc.health.v1.Health;
  }
  return new HealthCtor!(address, credentials.createInsecure());
}

/** Asks a peer's standard gRPC health service; resolves 'SERVING', 'NOT_SERVING', … or 'UNREACHABLE'. */
export function checkGrpcHealth(address: string, service = '', timeoutMs = 1_000): Promise<string> {
  const client = healthClient(address);
  return new Promise((resolve) =>
    client.check({ service }, { deadline: new Date(Date.now() + timeoutMs) }, (error, response) => {
      client.close();
      resolve(error || !response ? 'UNREACHABLE' : response.status);
    }),
  );
}
