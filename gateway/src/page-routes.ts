import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@ballmatch/platform';

/**
 * The web build's route table: a JSON list of the app's page path patterns ('/updates/:id'),
 * written by the build from web/src/config/route-table.ts (which names this file).
 */
export const ROUTE_TABLE_FILE = 'route-table.json';

/** Whether a request path is one of the web app's pages. */
export type PageMatcher = (pathname: string) => boolean;

/** A path's segments: '/' has none; trailing slashes do not count. */
function segmentsOf(pathname: string): string[] {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}

/**
 * Matches paths as the web app's router does: segment by segment, `:name` standing for one
 * non-empty segment, letters in any case, trailing slashes ignored, %-escapes decoded.
 */
export function pageMatcher(patterns: readonly string[]): PageMatcher {
  const compiled = patterns.map((pattern) =>
    segmentsOf(pattern).map((segment) => (segment.startsWith(':') ? null : segment.toLowerCase())),
  );
  return (pathname) => {
    let segments: string[];
    try {
      segments = segmentsOf(pathname).map((segment) => decodeURIComponent(segment).toLowerCase());
    } catch {
      return false;
    }
    return compiled.some(
      (pattern) =>
        pattern.length === segments.length &&
        pattern.every((part, i) => (part === null ? segments[i] !== '' : part === segments[i])),
    );
  };
}

function isPatternList(value: unknown): value is string[] {
  return (
    Array.isArray(value) && value.every((item) => typeof item === 'string' && item.startsWith('/'))
  );
}

/**
 * The route table of the build in `distDir`, read again when the file changes (a rebuild under
 * a running gateway). Null while the build has none (one made before the table existed): the
 * caller then serves every page path, and this says so once in the log.
 */
export function routeTableOf(distDir: string, logger?: Logger): () => PageMatcher | null {
  const file = path.join(distDir, ROUTE_TABLE_FILE);
  let cached: { mtimeMs: number; matcher: PageMatcher | null } | undefined;
  let warned = false;
  const missing = (reason: string) => {
    if (!warned)
      logger?.warn({ file, reason }, 'no route table in the web build: unknown pages answer 200');
    warned = true;
    return null;
  };
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      cached = undefined;
      return missing('missing');
    }
    if (cached?.mtimeMs === mtimeMs) return cached.matcher;
    let matcher: PageMatcher | null;
    try {
      const patterns: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      matcher = isPatternList(patterns) ? pageMatcher(patterns) : missing('not a list of paths');
    } catch {
      matcher = missing('unreadable');
    }
    cached = { mtimeMs, matcher };
    return matcher;
  };
}
