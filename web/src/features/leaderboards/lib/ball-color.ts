import { BALL_COLORS, type BallColor } from '@/components/ui/ball';

/** The same name always gets the same ball colour, so a player is easy to spot down a list. */
export function ballColorOf(name: string): BallColor {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) >>> 0;
  return BALL_COLORS[hash % BALL_COLORS.length];
}
