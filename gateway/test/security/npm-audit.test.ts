// `npm run audit:deps` (scripts/npm-audit.mjs: `npm audit --omit=dev`, no high or critical advisory
// in what production installs) run against a stand-in advisory endpoint, so each of its three
// answers is proved here whatever the registry this machine has: a finding fails it, a clean
// report passes it, and an endpoint that gives no report (this build machine's registry answers
// 405) is "NOT CHECKED", never a pass. The real audit needs the real registry: `npm run audit:deps`
// in a CI that has it (docs/operations.md 'Security checks').
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** The script's exit code and output against a registry whose advisory endpoint answers so. */
async function auditAgainst(
  status: number,
  advisories: unknown,
): Promise<{ code: number; output: string }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = req.method === 'POST' ? status : 404;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(advisories));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    return await new Promise((resolve) => {
      execFile(
        process.execPath,
        ['scripts/npm-audit.mjs', `--registry=${registry}`],
        { cwd: root, encoding: 'utf8', timeout: 120_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
      );
    });
  } finally {
    server.close();
  }
}

// One advisory and no package data (npm then cannot say whether a fix exists).
const highForExpress = {
  express: [
    {
      id: 1,
      url: 'https://example.com/advisory',
      title: 'Stand-in advisory',
      severity: 'high',
      vulnerable_versions: '<99.0.0',
      cwe: [],
      cvss: { score: 7.5 },
    },
  ],
};

describe('npm run audit:deps', () => {
  it('fails on a high advisory, naming the package', async () => {
    const { code, output } = await auditAgainst(200, highForExpress);
    expect(code).toBe(1);
    expect(output).toMatch(/^express \(high; /m);
  }, 130_000);

  it('passes a report with no advisory', async () => {
    const { code, output } = await auditAgainst(200, {});
    expect({ code, output: output.trim() }).toEqual({
      code: 0,
      output: 'npm audit --omit=dev: no high or critical advisory in the production dependencies',
    });
  }, 130_000);

  it('says NOT CHECKED and fails when the advisory endpoint gives no report (405)', async () => {
    const { code, output } = await auditAgainst(405, { error: 'Method Not Allowed' });
    expect(code).toBe(2);
    expect(output).toContain('npm audit --omit=dev was NOT CHECKED');
  }, 130_000);
});
