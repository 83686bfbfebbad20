import { randomUUID } from 'node:crypto';
import { AppError } from '@ballmatch/platform';
import { prepareImage, type ImageKind } from '../media/images';
import type { ObjectStore, StoredObject } from '../store/objects';

const KINDS: readonly ImageKind[] = ['ball', 'banner'];

/** Keys are made here (a UUID and the extension); anything else names no object. */
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export interface UploadedImage {
  key: string;
  /** Where the API serves it (GET /api/media/<key>). */
  imageUrl: string;
  width: number;
  height: number;
}

export function imageUrlOf(key: string): string {
  return `/api/media/${key}`;
}

export function isImageKind(kind: string): kind is ImageKind {
  return (KINDS as readonly string[]).includes(kind);
}

/** Advertisers' images: checked, re-encoded (media/images.ts) and stored under a key made here. */
export function createUploads({ objects }: { objects: ObjectStore }) {
  return {
    async upload(ownerId: string, kind: string, bytes: Buffer): Promise<UploadedImage> {
      if (!isImageKind(kind)) {
        throw new AppError('INVALID_ARGUMENT', 'kind must be ball or banner', { field: 'kind' });
      }
      const image = await prepareImage(bytes, kind);
      const key = `${randomUUID()}.webp`;
      await objects.put(key, image.content, image.contentType, { ownerId, kind });
      return { key, imageUrl: imageUrlOf(key), width: image.width, height: image.height };
    },

    /** Whether `key` is an image this owner uploaded for this kind of ad. */
    async ownedImage(key: string, ownerId: string, kind: string): Promise<boolean> {
      if (!KEY.test(key)) return false;
      const owner = await objects.owner(key);
      return owner !== null && owner.ownerId === ownerId && owner.kind === kind;
    },

    /** The stored image; NOT_FOUND for a key that names none. */
    async get(key: string): Promise<StoredObject> {
      const found = KEY.test(key) ? await objects.get(key) : null;
      if (!found) throw new AppError('NOT_FOUND', 'No such image');
      return found;
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
