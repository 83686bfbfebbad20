import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { precompressed } from './precompressed';

/**
 * Serves the built web app. Hashed assets are cached for a year; every other page path gets
 * index.html so the app's router decides (and shows its own 404 screen).
 */
export function webApp(distDir: string): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
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
  router.get('/{*path}', (_req, res) => {
    if (!fs.existsSync(indexFile)) {
      res
        .status(503)
        .type('text')
        .send('The web app is not built yet: run `npm run build -w web`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
