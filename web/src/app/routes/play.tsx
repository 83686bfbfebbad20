import { GamePanel } from '@/features/game/components/game-panel';
import './play.css';

/** /play: the game alone, opening straight into a game (guests see the prompt first). */
export default function PlayRoute() {
  return (
    <div className="page play-page">
      <title>Play · BallMatch</title>
      <h1 className="visually-hidden">Play BallMatch</h1>
      <GamePanel autoStart />
    </div>
  );
}
