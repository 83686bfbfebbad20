import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** Content types of the files the web build compresses. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/**
 * Serves the web build's pre-compressed twins (`x.js.br`, `x.js.gz`, written at build time)
 * to browsers that accept them; anything else falls through to the plain static files. No
 * compression work happens per request.
 */
export function precompressed(dir: string, cacheControl: string): RequestHandler {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[path.extname(req.path)];
    if (!type) return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return next(); // a malformed escape: the static files answer it
    }
    const file = path.resolve(root, `.${decoded}`);
    if (!file.startsWith(root + path.sep)) return next();
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encodings: Array<[string, string]> = [
      ['br', '.br'],
      ['gzip', '.gz'],
    ];
    for (const [encoding, suffix] of encodings) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepts)) continue;
      const twin = file + suffix;
      if (!fs.existsSync(twin)) continue;
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Type', type);
      res.setHeader('Cache-Control', cacheControl);
      res.setHeader('Vary', 'Accept-Encoding');
      res.sendFile(twin, { cacheControl: false }, (error) => error && next(error));
      return;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    next();
  };
}
