import { Client, credentials, Metadata, status, type ServiceError } from '@grpc/grpc-js';

/**
 * Calls one method of a service straight over gRPC, past the gateway, with an empty request
 * (valid for every message), the given authorization and any other metadata; answers the status
 * code.
 */
export function callRawGrpc(
  address: string,
  method: string,
  authorization?: string,
  extra: Record<string, string> = {},
): Promise<status> {
  const client = new Client(address, credentials.createInsecure());
  const metadata = new Metadata();
  if (authorization !== undefined) metadata.set('authorization', authorization);
  for (const [key, value] of Object.entries(extra)) metadata.set(key, value);
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      method,
      (b: Buffer) => b,
      (b: Buffer) => b,
      Buffer.alloc(0),
      metadata,
      { deadline: Date.now() + 10_000 },
      (error: ServiceError | null) => {
        client.close();
        resolve(error ? error.code : status.OK);
      },
    );
  });
}
