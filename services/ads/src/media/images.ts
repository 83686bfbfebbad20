import { AppError } from '@ballmatch/platform';
import sharp from 'sharp';
import {
  BALL_IMAGE_SIZE,
  BALL_MIN_SIZE,
  BANNER_HEIGHT,
  BANNER_WIDTH,
  MAX_PIXELS_PER_SIDE,
  MAX_UPLOAD_BYTES,
} from './limits';

export type ImageKind = 'ball' | 'banner';

export interface PreparedImage {
  content: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

type Format = 'png' | 'jpeg' | 'webp';

/** The size each kind is stored at, and the least an upload may be to fill it. */
const SIZES: Record<ImageKind, { width: number; height: number; min: [number, number] }> = {
  ball: {
    width: BALL_IMAGE_SIZE,
    height: BALL_IMAGE_SIZE,
    min: [BALL_MIN_SIZE, BALL_MIN_SIZE],
  },
  banner: { width: BANNER_WIDTH, height: BANNER_HEIGHT, min: [BANNER_WIDTH, BANNER_HEIGHT] },
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the bytes say they are (never a name or a declared type), or null. */
export function sniffFormat(bytes: Buffer): Format | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const invalid = (message: string) => new AppError('INVALID_ARGUMENT', message);
const damaged = () => invalid('The image is damaged or incomplete');

/**
 * Checks an uploaded image and answers it re-encoded for its ad: PNG, JPEG or WebP by its bytes,
 * at most MAX_UPLOAD_BYTES, its header's dimensions checked before anything is decoded, decoded
 * whole (a truncated file is refused), cropped to the centre and written as WebP at the kind's
 * size. Re-encoding keeps the pixels only: EXIF, ICC, XMP and comments are dropped.
 */
export async function prepareImage(bytes: Buffer, kind: ImageKind): Promise<PreparedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw invalid('Images may be at most 5 MB');
  const format = sniffFormat(bytes);
  if (format === null) throw invalid('The file is not a PNG, JPEG or WebP image');

  // Reads the header only; the pixel limit is applied to the decode below, after this check
  // has answered with the image's real dimensions.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw damaged();
    });
  if (header.format !== format || !header.width || !header.height) throw damaged();
  const { width, height } = header;
  if (width > MAX_PIXELS_PER_SIDE || height > MAX_PIXELS_PER_SIDE) {
    throw invalid(
      `The image is ${width}×${height} pixels; at most ${MAX_PIXELS_PER_SIDE} on a side`,
    );
  }
  const size = SIZES[kind];
  // As it will be shown: a JPEG's EXIF orientation may swap its sides.
  const shown = header.autoOrient;
  const [minWidth, minHeight] = size.min;
  if (shown.width < minWidth || shown.height < minHeight) {
    throw invalid(
      `The image is ${shown.width}×${shown.height} pixels; a ${kind} image must be at least ${minWidth}×${minHeight}`,
    );
  }

  // 'error' also refuses a truncated file (libvips would otherwise fill the rest with grey).
  const encoded = await sharp(bytes, {
    failOn: 'error',
    limitInputPixels: MAX_PIXELS_PER_SIDE * MAX_PIXELS_PER_SIDE,
    autoOrient: true,
  })
    .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw damaged();
    });
  return {
    content: encoded.data,
    contentType: 'image/webp',
    width: encoded.info.width,
    height: encoded.info.height,
  };
}
