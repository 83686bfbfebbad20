import type { RequestHandler } from 'express';

/**
 * A path whose %-escapes do not decode (`/assets/%E0%A4%A.js`, `/api/player-sessions/%ZZ`) is
 * refused with 400 naming it, before a route, a path parameter or a file lookup decodes it.
 */
export const refuseMalformedPath: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).json({ message: 'The path has a malformed %-escape', field: 'path' });
    return;
  }
  next();
};
