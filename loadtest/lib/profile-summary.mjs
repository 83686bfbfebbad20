// Summarises V8 CPU profiles (node --cpu-prof): the functions with the most self time.
//   node loadtest/lib/profile-summary.mjs loadtest/results/profiles/*.cpuprofile
import fs from 'node:fs';

for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  const counts = new Map();
  profile.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
  let total = 0;
  for (const [id, us] of counts) {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + us);
    total += us;
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`\n${file}: ${Math.round(total / 1000)} ms sampled`);
  for (const [key, us] of top)
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
