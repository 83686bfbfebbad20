// Makes the games the k6 scenario submits: ranked games played on the target stack through
// its gateway (lib/games.mjs), each with its session's credential.
//   node scripts/build.mjs
//   node loadtest/k6/prepare-games.mjs --base http://localhost:8080 --count 25000 --out games.json
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { makeGames } from '../lib/games.mjs';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:8080' },
    count: { type: 'string', default: '25000' },
    out: { type: 'string', default: 'loadtest/results/k6-games.json' },
  },
});
const pool = new Pool(args.base, { connections: 32 });
const wanted = Number(args.count);
let games = [];
while (games.length < wanted) {
  games = games.concat(
    await makeGames(pool, Math.ceil((wanted - games.length) * 1.1), games.length),
  );
  console.log(`${games.length}/${wanted} games`);
}
fs.writeFileSync(args.out, JSON.stringify({ base: args.base, games: games.slice(0, wanted) }));
await pool.close();
console.log(`wrote ${args.out}`);
