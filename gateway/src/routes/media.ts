import express, { Router, type RequestHandler } from 'express';
import { AppError } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';
import { requireUser } from '../middleware/session';
import { queryText } from '../validation';
import { ICON_BODY_LIMIT } from './ads-admin';

/**
 * Ad images in and out (docs/api.md 'Buying'). An upload is the image's raw bytes, of any
 * declared type: the ads service reads what they are. These routes read their bodies their own
 * way, so app.ts mounts them before the JSON parser (an icon's SVG gets a larger JSON limit).
 */

/** The ads service's limit (its catalog's `maxUploadBytes`), refused here before any call. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'Images may be at most 5 MB';

const imageBytes = express.raw({ type: () => true, limit: MAX_IMAGE_BYTES });

/** The raw body, or 413 with the rule when it is over 5 MB. */
const readImage: RequestHandler = (req, res, next) => {
  imageBytes(req, res, (error?: unknown) => {
    if ((error as { type?: string } | undefined)?.type === 'entity.too.large') {
      res.status(413).json({ message: TOO_LARGE });
      return;
    }
    next(error);
  });
};

/** Served images may only be shown as images: never sniffed, run, or framed with the site. */
const MEDIA_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Content-Security-Policy': "default-src 'none'; sandbox",
};

export function mediaRoutes({ advertiser, ads }: GatewayDeps): Router {
  const router = Router();

  router.post('/ads/images', requireUser, readImage, async (req, res) => {
    const content = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const image = await advertiser.uploadImage(
      { content, kind: queryText(req.query.kind) },
      // Decoding and re-encoding a large image takes a while on a busy machine.
      { timeoutMs: 30_000 },
    );
    res.status(201).json({
      key: image.key,
      imageUrl: image.imageUrl,
      width: image.width,
      height: image.height,
    });
  });

  // Its own JSON parser: an SVG of the service's 100 KB, escaped as JSON, may pass 100 KB.
  router.post('/admin/icons/upload', express.json({ limit: ICON_BODY_LIMIT, strict: true }));

  router.get('/media/:key', async (req, res) => {
    const key = String(req.params.key);
    if (key.length > 200) throw new AppError('NOT_FOUND', 'Image not found');
    const image = await ads.getImage({ key });
    res.set({ ...MEDIA_HEADERS, 'Content-Type': image.contentType });
    res.send(image.content);
  });

  return router;
}
