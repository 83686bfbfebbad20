// The page paths the app's router answers, as patterns ('/updates/:id'), taken from `paths`: its
// string entries are the route table (its functions only build addresses). The build writes
// them to dist/route-table.json, from which the gateway answers 404 for any other path.
import { paths } from './paths';

/** The file of the web build that carries the route table (read by the gateway). */
export const ROUTE_TABLE_FILE = 'route-table.json';

/** Every page path pattern of the app, in `paths` order. */
export function pagePatterns(): string[] {
  const entries: ReadonlyArray<unknown> = Object.values(paths);
  return entries.filter((value): value is string => typeof value === 'string');
}
