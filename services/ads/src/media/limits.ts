/** Limits of what advertisers and admins upload (docs/api.md "Ads and payments"). */

/** Largest image upload accepted, in bytes (the gateway answers 413 above it first). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Largest width or height an image's header may declare: bounds the memory one decode takes. */
export const MAX_PIXELS_PER_SIDE = 4096;
/** A ball face is stored as a square of this side. */
export const BALL_IMAGE_SIZE = 256;
/** Smallest side of an uploaded ball image (it is scaled up to BALL_IMAGE_SIZE). */
export const BALL_MIN_SIZE = 64;
/** A banner is stored at exactly this size; an upload must be at least as large. */
export const BANNER_WIDTH = 728;
export const BANNER_HEIGHT = 90;
/** Longest icon SVG accepted, in bytes (UTF-8). */
export const MAX_SVG_BYTES = 100_000;
