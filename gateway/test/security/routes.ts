// The API's routes as the gateway serves them (read from its own router) and as docs/api.md
// documents them (its tables' `| METHOD /api/... |` rows), so the security tests cover every
// route either names, and a route added to one and not the other fails them.
import fs from 'node:fs';
import path from 'node:path';
import type { Router } from 'express';
import { createLogger } from '@ballmatch/platform';
import { createApp } from '../../src/app';
import { loadGatewayConfig } from '../../src/config';
import type { GatewayDeps } from '../../src/context';

export interface Route {
  method: string;
  /** Express's form: `/api/ads/orders/:id`. */
  path: string;
}

/** Every method and path of the app's routers (Express 5 keeps each layer's raw path). */
function routesOf(router: Router, prefix = ''): Route[] {
  const found: Route[] = [];
  for (const layer of router.stack as unknown as Array<{
    route?: { path: string; methods: Record<string, boolean> };
    rawPath?: unknown;
    handle: { stack?: unknown };
  }>) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) {
        if (method !== '_all')
          found.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
      }
    } else if (layer.handle.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      found.push(...routesOf(layer.handle as unknown as Router, prefix + mount));
    }
  }
  return found;
}

/**
 * The /api routes of a gateway configured by `env`. The app is only built here, never served:
 * routers read their dependencies per request.
 */
export function gatewayRoutes(env: NodeJS.ProcessEnv): Route[] {
  const deps = {
    config: loadGatewayConfig(env),
    logger: createLogger('routes', 'silent'),
    sockets: { http: (_req: unknown, _res: unknown, next: () => void) => next() },
    now: Date.now,
  } as unknown as GatewayDeps;
  const app = createApp(deps) as unknown as { router: Router };
  const routes = new Map<string, Route>();
  for (const route of routesOf(app.router)) {
    if (route.path.startsWith('/api/') && !routes.has(routeKey(route))) {
      routes.set(routeKey(route), route);
    }
  }
  return [...routes.values()];
}

/** A table row's first cell: `GET /api/ads/orders/{id}` (a query after `?` is not the path). */
const DOC_ROW = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/api\/[^\s|?]*)/gm;

/** Every route docs/api.md documents in a table, in the order it documents them. */
export function documentedRoutes(file = path.resolve(__dirname, '../../../docs/api.md')): Route[] {
  const text = fs.readFileSync(file, 'utf8');
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const [, method, p] of text.matchAll(DOC_ROW)) {
    const route = { method: method!, path: p!.replace(/\{(\w+)\}/g, ':$1') };
    if (!seen.has(routeKey(route))) {
      seen.add(routeKey(route));
      routes.push(route);
    }
  }
  return routes;
}

/** `POST /api/ads/orders/:` : the route whatever its parameters are named. */
export function routeKey(route: Route): string {
  return `${route.method} ${route.path.replace(/:\w+|\{\*?\w+\}/g, ':')}`;
}

/** `POST /api/ads/orders/:id/checkout` → its method and path. */
export function parseRoute(text: string): Route {
  const [method, p] = text.split(' ');
  return { method: method!, path: p! };
}

/** The keys of `a` not in `b`, sorted (a readable failure). */
export function missingFrom(a: Route[], b: Route[]): string[] {
  const keys = new Set(b.map(routeKey));
  return a
    .filter((r) => !keys.has(routeKey(r)))
    .map((r) => `${r.method} ${r.path}`)
    .sort();
}
