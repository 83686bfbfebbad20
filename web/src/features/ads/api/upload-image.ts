import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import type { AdKind, UploadedImage } from './types';

/** A 5 MB upload on a slow line takes longer than the usual 5 s. */
const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POST /api/ads/images?kind=: the file's raw bytes. The server checks them, crops to the ad's
 * size, re-encodes as WebP and answers where the stored image is.
 */
export function uploadAdImage(kind: AdKind, file: Blob): Promise<UploadedImage> {
  return api.post<UploadedImage>(`${apiPaths.adImages}?kind=${kind}`, file, {
    retries: 0,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

export function useUploadAdImage(kind: AdKind) {
  return useMutation({ mutationFn: (file: Blob) => uploadAdImage(kind, file) });
}
