import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@ballmatch/platform';
import express, { Router } from 'express';
import { routeTableOf } from './page-routes';
import { precompressed } from './precompressed';

/**
 * Serves the built web app. Hashed assets are cached for a year; every other path gets
 * index.html, so the app's router draws the page: with 200 for a path in the app's route table
 * (the build's route-table.json), with 404 for any other (the app then shows its 404 screen).
 */
export function webApp(distDir: string, logger?: Logger): Router {
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
  router.get('/{*path}', (req, res) => {
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text')
        .send('The web app is not built yet: run `npm run build -w web`.');
      return;
    }
    const isPage = pages();
    res.setHeader('Cache-Control', 'no-cache');
    res.status(!isPage || isPage(req.path) ? 200 : 404).sendFile(indexFile);
  });
  return router;
}
