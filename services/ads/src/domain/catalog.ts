import { AppError } from '@ballmatch/platform';
import type { Catalog } from '@ballmatch/rules';
import type { Run } from '../config';
import {
  BALL_IMAGE_SIZE,
  BANNER_HEIGHT,
  BANNER_WIDTH,
  MAX_PIXELS_PER_SIDE,
  MAX_UPLOAD_BYTES,
} from '../media/limits';
import type { AdKind } from '../store/ads';

export type { Catalog };

/** What is sold and at what price (configuration), and the limits the order pages show. */
export function createCatalog(config: {
  currency: string;
  ballRuns: Run[];
  bannerRuns: Run[];
  paymentsAvailable: boolean;
}) {
  const catalog: Catalog = {
    currency: config.currency,
    ballRuns: config.ballRuns,
    bannerRuns: config.bannerRuns,
    bannerWidth: BANNER_WIDTH,
    bannerHeight: BANNER_HEIGHT,
    ballImageSize: BALL_IMAGE_SIZE,
    maxUploadBytes: MAX_UPLOAD_BYTES,
    maxImagePixelsPerSide: MAX_PIXELS_PER_SIDE,
    paymentsAvailable: config.paymentsAvailable,
  };
  return {
    read: (): Catalog => catalog,

    /** The price of a run of this kind; 400 naming the runs sold otherwise. */
    price(kind: AdKind, runDays: number): number {
      const runs = kind === 'ball' ? catalog.ballRuns : catalog.bannerRuns;
      const run = runs.find((r) => r.days === runDays);
      if (!run) {
        const days = runs.map((r) => r.days).join(', ');
        throw new AppError('INVALID_ARGUMENT', `runDays must be one of: ${days}`, {
          field: 'runDays',
        });
      }
      return run.priceCents;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalog>;
