import { Link } from 'react-router';
import { Ball, type BallColor } from './ball';
import './ball-tiles.css';

export interface BallTile {
  to: string;
  title: string;
  text: string;
  color: BallColor;
}

/** Links as tiles, each with a ball, a title and a line under it; `className` lays out the list. */
export function BallTiles({
  tiles,
  className,
  ballSize,
}: {
  tiles: readonly BallTile[];
  className: string;
  ballSize: number;
}) {
  return (
    <ul className={className}>
      {tiles.map((tile) => (
        <li key={tile.to}>
          <Link to={tile.to} className="ball-tile">
            <Ball color={tile.color} size={ballSize} />
            <span>
              <strong>{tile.title}</strong>
              <span>{tile.text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
