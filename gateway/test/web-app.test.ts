import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ROUTE_TABLE_FILE as WEB_ROUTE_TABLE_FILE,
  pagePatterns,
} from '../../web/src/config/route-table';
import { ROUTE_TABLE_FILE, pageMatcher } from '../src/page-routes';
import { serveWebApp, TEST_INDEX_HTML, writeWebBuild } from './web-build';

let dir: string;
let served: Awaited<ReturnType<typeof serveWebApp>>;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-web-app-'));
  writeWebBuild(dir);
  served = await serveWebApp(dir);
  port = served.port;
});

afterAll(async () => {
  await served.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function get(urlPath: string, method = 'GET') {
  const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, { method });
  return {
    status: res.status,
    text: await res.text(),
    cacheControl: res.headers.get('cache-control'),
  };
}

/** A concrete address for a pattern ('/updates/:id' -> '/updates/42'). */
const sample = (pattern: string) => pattern.replace(/:[^/]+/g, '42');

describe('page paths: the web app for every path, 404 outside its route table', () => {
  it('reads the file the web build writes', () => {
    expect(ROUTE_TABLE_FILE).toBe(WEB_ROUTE_TABLE_FILE);
  });

  it.each(pagePatterns().map(sample))('%s is a page: 200 with the app', async (page) => {
    const res = await get(page);
    expect(res.status).toBe(200);
    expect(res.text).toBe(TEST_INDEX_HTML);
    expect(res.cacheControl).toBe('no-cache');
  });

  it.each([
    '/updates/7c0e2a4e-1d5f-4a57-9a8e-3f0b7e1c2d90',
    '/updates/a%20b',
    '/updates/a%2Fb',
    '/Leaderboards',
    '/leaderboards/',
    '/high-scores?week=3',
    '/admin/login',
  ])('%s is a page as the app routes it: 200', async (page) => {
    expect((await get(page)).status).toBe(200);
  });

  it.each([
    '/no-such-page',
    '/updates/1/comments',
    '/leaderboards/extra',
    '/admin/nope',
    '/favicon.ico',
    '//leaderboards',
  ])('%s is not: 404 with the app (which shows its 404 screen)', async (page) => {
    const res = await get(page);
    expect(res.status).toBe(404);
    expect(res.text).toBe(TEST_INDEX_HTML);
    expect(res.cacheControl).toBe('no-cache');
  });

  it('answers HEAD the same way', async () => {
    expect((await get('/about', 'HEAD')).status).toBe(200);
    expect((await get('/nope', 'HEAD')).status).toBe(404);
  });

  it('follows a rebuild that changes the route table', async () => {
    const file = path.join(dir, ROUTE_TABLE_FILE);
    const before = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, JSON.stringify([...pagePatterns(), '/brand-new-page']));
      fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
      expect((await get('/brand-new-page')).status).toBe(200);
    } finally {
      fs.writeFileSync(file, before);
      fs.utimesSync(file, new Date(), new Date(Date.now() + 120_000));
    }
    expect((await get('/brand-new-page')).status).toBe(404);
  });

  it('serves every path with 200 from a build without a route table (built before it existed)', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-web-old-'));
    fs.writeFileSync(path.join(old, 'index.html'), TEST_INDEX_HTML);
    const oldServer = await serveWebApp(old);
    try {
      const res = await fetch(`http://127.0.0.1:${oldServer.port}/nope`);
      expect(res.status).toBe(200);
    } finally {
      await oldServer.close();
      fs.rmSync(old, { recursive: true, force: true });
    }
  });
});

describe('pageMatcher', () => {
  const isPage = pageMatcher(['/', '/faq', '/updates/:id']);

  it('matches segment by segment, a parameter standing for one non-empty segment', () => {
    expect(isPage('/')).toBe(true);
    expect(isPage('')).toBe(true);
    expect(isPage('/FAQ/')).toBe(true);
    expect(isPage('/updates/9')).toBe(true);
    expect(isPage('/updates')).toBe(false);
    expect(isPage('/updates//')).toBe(false);
    expect(isPage('/updates/9/x')).toBe(false);
    expect(isPage('/fa')).toBe(false);
    expect(isPage('/faq%')).toBe(false);
  });
});
