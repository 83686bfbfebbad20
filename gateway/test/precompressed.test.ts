import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serveWebApp } from './web-build';

const source = 'console.log("hello from the web build");'.repeat(20);
let dir: string;
let served: Awaited<ReturnType<typeof serveWebApp>>;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-precompressed-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), source);
  fs.writeFileSync(path.join(dir, 'assets', 'app-1.js.br'), brotliCompressSync(source));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1.js.gz'), gzipSync(source));
  fs.writeFileSync(path.join(dir, 'assets', 'plain-1.js'), 'let x = 1;');
  served = await serveWebApp(dir);
  port = served.port;
});

afterAll(async () => {
  await served.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (no automatic decompression), with the given Accept-Encoding. */
function get(urlPath: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      http
        .get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('pre-compressed web assets', () => {
  it('sends the brotli twin to browsers that take it, with the right type and caching', async () => {
    const res = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body.equals(fs.readFileSync(path.join(dir, 'assets', 'app-1.js.br')))).toBe(true);
  });

  it('falls back to gzip, then to the plain file', async () => {
    expect((await get('/assets/app-1.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(source);
    const noTwin = await get('/assets/plain-1.js', 'br');
    expect(noTwin.headers['content-encoding']).toBeUndefined();
    expect(noTwin.body.toString()).toBe('let x = 1;');
  });

  it('never leaves the assets folder', async () => {
    expect(
      (await get('/assets/..%2findex.html', 'br')).headers['content-encoding'],
    ).toBeUndefined();
    expect((await get('/assets/missing.js', 'br')).status).toBe(404);
  });
});
