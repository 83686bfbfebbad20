import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '@/app/routes';
import { pagePatterns } from '@/config/route-table';

/** Every path the router declares ('/' for an index route), its catch-all left out. */
function declaredPaths(list: readonly RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ['/'] : route.path && route.path !== '*' ? [route.path] : []),
    ...declaredPaths(route.children ?? []),
  ]);
}

/** A concrete address for a pattern ('/updates/:id' -> '/updates/42'). */
const sample = (pattern: string) => pattern.replace(/:[^/]+/g, '42');

/** The route the router would render for `path`: its declared path, or '*'. */
function routedTo(path: string): string | undefined {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route;
  return leaf?.index ? '/' : leaf?.path;
}

describe('the route table the gateway gets (src/config/route-table.ts)', () => {
  it('is exactly the paths the router declares', () => {
    expect([...pagePatterns()].sort()).toEqual([...declaredPaths(routes)].sort());
  });

  it.each(pagePatterns())('%s reaches its own page, not the 404 screen', (pattern) => {
    expect(routedTo(sample(pattern))).toBe(pattern);
  });

  it('leaves every other path to the 404 screen', () => {
    expect(routedTo('/no-such-page')).toBe('*');
    expect(routedTo('/updates/1/comments')).toBe('*');
  });
});
