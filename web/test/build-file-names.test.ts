import { readdirSync } from 'node:fs';
import path from 'node:path';

// The built app (web/dist, made by `npm run build -w web`; `npm test` builds it first). Ad
// blockers drop requests by address: a chunk of the ad shop named like an ad (buy-ads-*.js) was
// blocked, and /buy-ads and /ad-blocker-demo showed 'Something went wrong' (issue 24).
const dist = path.resolve(__dirname, '../dist');

/** Common EasyList-style address rules (generic filters on the path of a request). */
const blockedBy = [
  /[-_/.]ads?[-_/.]/i,
  /[-_/.]ad[-_]?(banner|block|frame|img|image|manager|order|server|unit|view)/i,
  /[-_/.]adv[-_/.]/i,
  /advert/i,
  /banner/i,
  /sponsor/i,
];

function files(dir: string, under = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(path.join(dir, entry.name), `${under}/${entry.name}`)
      : [`${under}/${entry.name}`],
  );
}

describe('the built app’s file addresses (web/dist)', () => {
  const addresses = files(dist);

  it('are there (a build was made)', () => {
    expect(addresses).toContain('/index.html');
    expect(addresses.filter((file) => file.startsWith('/assets/')).length).toBeGreaterThan(10);
  });

  it('match no common ad-blocker rule', () => {
    const blocked = addresses.filter((file) => blockedBy.some((rule) => rule.test(file)));
    expect(blocked).toEqual([]);
  });
});
