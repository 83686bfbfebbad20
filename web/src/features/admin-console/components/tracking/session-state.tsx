import { Badge } from '@/components/ui/badge';
import type { TrackedSession } from '../../api/types';

/**
 * A game nobody ended (a tab closed, a game opened by /play and never touched) has no end; once
 * its page has been silent this long it is shown as idle, not as being played.
 */
export const IDLE_AFTER_MS = 30 * 60_000;

/** Suspicious, finished, still being played, or left idle, as a badge. */
export function SessionState({
  session,
  now = Date.now(),
}: {
  session: TrackedSession;
  now?: number;
}) {
  if (session.suspicious) return <Badge tone="orange">Suspicious</Badge>;
  if (session.endedAt) return <Badge>Ended</Badge>;
  if (now - Date.parse(session.updatedAt) > IDLE_AFTER_MS) return <Badge tone="purple">Idle</Badge>;
  return <Badge tone="blue">Playing</Badge>;
}
