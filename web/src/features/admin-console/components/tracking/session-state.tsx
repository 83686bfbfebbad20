import { Badge } from '@/components/ui/badge';
import type { TrackedSession } from '../../api/types';

/** Suspicious, finished or still being played, as a badge. */
export function SessionState({ session }: { session: TrackedSession }) {
  if (session.suspicious) return <Badge tone="orange">Suspicious</Badge>;
  return session.endedAt ? <Badge>Ended</Badge> : <Badge tone="blue">Playing</Badge>;
}
