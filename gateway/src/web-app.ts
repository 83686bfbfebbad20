import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@ballmatch/platform';
import express, { Router } from 'express';
import { routeTableOf } from './page-routes';
import { precompressed } from './precompressed';

/**
 * Whether a page path of the route table shows something that exists ('/updates/{id}' only for
 * a published update): false makes it answer 404 like an unknown path.
 */
export type PageExists = (pathname: string) => Promise<boolean>;

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path gets
 * index.html, so the app's router draws the page: with 200 for a path in the app's route table
 * (the build's route-table.json) that `exists` does not deny, with 404 for any other (the app
 * then shows its 404 screen).
 */
export function webApp(
  distDir: string,
  logger?: Logger,
  exists: PageExists = async () => true,
): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  const pages = routeTableOf(distDir, logger);
  router.use(
    '/assets',
    precompressed(path.join(distDir, 'assets'), 'public, max-age=31536000, immutable'),
  );
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      fallthrough: false,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get('/{*path}', async (req, res) => {
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text')
        .send('The web app is not built yet: run `npm run build -w web`.');
      return;
    }
    const isPage = pages();
    res.setHeader('Cache-Control', 'no-cache');
    const found = (!isPage || isPage(req.path)) && (await exists(req.path));
    res.status(found ? 200 : 404).sendFile(indexFile);
  });
  return router;
}
