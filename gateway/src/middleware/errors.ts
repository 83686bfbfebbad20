import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, httpStatusOf, type Logger } from '@ballmatch/platform';

/** Unknown /api paths answer JSON 404, never the web app. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `Not found: ${req.method} ${req.baseUrl}${req.path}` });
};

/** Body-parser failures as clear JSON; every AppError by the one status map; the rest as 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const parserType = (error as { type?: string }).type;
    if (parserType === 'entity.parse.failed') {
      res.status(400).json({ message: 'Malformed JSON body' });
      return;
    }
    if (parserType === 'entity.too.large') {
      res.status(413).json({
        message: `Request body too large (limit ${(error as { limit?: number }).limit} bytes)`,
      });
      return;
    }
    if (parserType === 'encoding.unsupported' || parserType === 'charset.unsupported') {
      res.status(415).json({ message: 'Unsupported body encoding' });
      return;
    }
    const httpError = error as { status?: number; expose?: boolean; message?: string };
    if (
      !(error instanceof AppError) &&
      httpError.status &&
      httpError.status >= 400 &&
      httpError.status < 500
    ) {
      res
        .status(httpError.status)
        .json({ message: httpError.expose ? httpError.message : 'Bad request' });
      return;
    }
    if (error instanceof AppError) {
      const status = httpStatusOf(error);
      if (status >= 500)
        logger.warn({ code: error.code, message: error.message }, 'dependency failure');
      if (error.details.retryAfterSeconds !== undefined) {
        res.setHeader('Retry-After', String(error.details.retryAfterSeconds));
      }
      res.status(status).json({
        message: error.message,
        ...(error.details.field ? { field: error.details.field } : {}),
      });
      return;
    }
    logger.error({ err: error }, 'unhandled error');
    res.status(500).json({ message: 'Internal server error' });
  };
}
