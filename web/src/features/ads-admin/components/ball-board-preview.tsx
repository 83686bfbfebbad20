import { COLORS, createGame, type Color } from '@ballmatch/engine';
import { adImageUrl } from '@/game/faces';
import { FaceBall } from './face-ball';

/** A real opening board of the game (always the same one), so every preview looks alike. */
const PREVIEW_GRID = createGame('admin-ad-preview').grid;
const CELL_PX = 30;

/**
 * The ad as players will see it: a 6 × 8 board whose balls of the ad's colour wear the image,
 * each keeping a ring of its colour (the colour still decides matches).
 */
export function BallBoardPreview({ color, imageUrl }: { color: Color; imageUrl: string }) {
  const url = adImageUrl(imageUrl);
  const count = PREVIEW_GRID.flat().filter((c) => c === color).length;
  return (
    <figure>
      <div
        className="ad-board"
        role="img"
        aria-label={`A 6 by 8 board whose ${count} ${color} balls show the ad`}
        style={{ gridTemplateColumns: `repeat(${PREVIEW_GRID[0].length}, ${CELL_PX}px)` }}
      >
        {PREVIEW_GRID.flatMap((row, y) =>
          row.map((ball, x) => (
            <FaceBall
              key={`${x}-${y}`}
              color={ball}
              size={CELL_PX}
              url={ball === color ? url : null}
            />
          )),
        )}
      </div>
      <figcaption>On the board ({color} balls)</figcaption>
    </figure>
  );
}

export function isBallColor(value: string): value is Color {
  return (COLORS as readonly string[]).includes(value);
}
