import fs from 'node:fs';

/** Deletes the JetStream streams the services made for this run (named after its prefix). */
async function deleteRunStreams(natsPrefix: string): Promise<void> {
  const { connectEventBus, streamName } = await import('@ballmatch/platform');
  const bus = await connectEventBus({
    url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: natsPrefix,
    name: 'e2e-teardown',
  });
  try {
    const jsm = await bus.connection.jetstreamManager();
    const own = streamName(natsPrefix, '');
    const names: string[] = [];
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(own)) names.push(stream.config.name);
    }
    for (const name of names) await jsm.streams.delete(name);
  } finally {
    await bus.close();
  }
}

/** Stops the stack, drops its database and its streams, and removes its signing keys. */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__BALLMATCH_E2E__;
  if (!state) return;
  globalThis.__BALLMATCH_E2E__ = undefined;
  try {
    await state.stack?.stop();
  } finally {
    await state.database.drop();
    if (state.natsPrefix) await deleteRunStreams(state.natsPrefix);
    fs.rmSync(state.keyDir, { recursive: true, force: true });
    await new Promise((resolve) => state.log.end(resolve));
  }
}
