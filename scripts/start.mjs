// `npm start`: data stores, migrations (each service migrates its schema at start), build,
// then every service and the gateway on http://localhost:8080. Ctrl-C stops all of it.
import { build } from './build.mjs';
import { ensureDatastores, stopStartedDatastores } from './datastores.mjs';
import { startStack } from './stack.mjs';

const port = Number(process.env.PORT ?? 8080);

await ensureDatastores();
build();
const stack = await startStack({ gatewayPort: port }).catch(async (error) => {
  console.error(`\nnpm start: ${error.message}`);
  await stopStartedDatastores();
  process.exit(1);
});
console.log(`\nBallMatch is running on http://localhost:${port}  (Ctrl-C stops it)\n`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await stack.stop();
  await stopStartedDatastores();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
