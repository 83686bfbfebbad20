import type { Color } from '@ballmatch/engine';
import { Ball } from '@/components/ui/ball';
import './face-ball.css';

/**
 * A ball wearing a face, as the board draws one: the image inside a ring of the ball's colour.
 * `url` must already be one the page may load (checked by the caller); without one, a plain ball.
 */
export function FaceBall({
  color,
  size,
  url,
  alt = '',
}: {
  color: Color;
  size: number;
  url: string | null;
  alt?: string;
}) {
  return (
    <span className="face-ball">
      <Ball color={color} size={size} />
      {url && <img className="face-ball__img" src={url} alt={alt} referrerPolicy="no-referrer" />}
    </span>
  );
}
