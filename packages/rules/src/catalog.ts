/** A run on sale: its length and price. */
export interface CatalogRun {
  days: number;
  priceCents: number;
}

/** What is sold and at what price, and the image limits the order pages show (GET /api/ads/catalog). */
export interface Catalog {
  currency: string;
  ballRuns: CatalogRun[];
  bannerRuns: CatalogRun[];
  bannerWidth: number;
  bannerHeight: number;
  ballImageSize: number;
  maxUploadBytes: number;
  maxImagePixelsPerSide: number;
  paymentsAvailable: boolean;
}
