import { useEffect, type RefObject } from 'react';
import type { BoardController } from '@/game/board-controller';
import { loadFaceImages, type Face } from '@/game/faces';

/**
 * Loads the images of the ball faces and hands them to the board; a face whose image fails
 * stays a plain ball. A newer list wins over a slower older one.
 */
export function useFaceImages(
  controllerRef: RefObject<BoardController | null>,
  faces: readonly Face[],
): void {
  useEffect(() => {
    let cancelled = false;
    if (faces.length === 0) {
      controllerRef.current?.setFaces(new Map());
      return;
    }
    void loadFaceImages(faces).then((images) => {
      if (!cancelled) controllerRef.current?.setFaces(images);
    });
    return () => {
      cancelled = true;
    };
  }, [controllerRef, faces]);
}
