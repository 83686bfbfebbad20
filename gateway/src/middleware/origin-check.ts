import type { RequestHandler } from 'express';
import { allowedOrigins, CROSS_SITE_REFUSED } from '@ballmatch/platform';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for cookie sessions: a mutating request that states an
 * Origin (every browser does) must come from this site. Requests without one (curl, servers)
 * carry no ambient browser cookie risk and pass.
 */
export function originCheck(origins: string[]): RequestHandler {
  const allowed = allowedOrigins(origins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const crossSite = req.get('sec-fetch-site') === 'cross-site';
    if (
      (origin && origin !== ownOrigin && !allowed.has(origin)) ||
      (crossSite && !allowed.has(origin ?? ''))
    ) {
      res.status(403).json({ message: CROSS_SITE_REFUSED });
      return;
    }
    next();
  };
}
