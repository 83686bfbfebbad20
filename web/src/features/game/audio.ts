// The page's one audio player, started by the first click, touch or key press (docs/product.md
// 'Cookies and audio').
import { GameAudio, initAudioOnFirstGesture } from '@/game/audio/game-audio';

export const gameAudio = new GameAudio();

let listening = false;

/** Arms the first-gesture start once per page. */
export function armGameAudio(): void {
  if (listening) return;
  listening = true;
  initAudioOnFirstGesture(gameAudio);
}
