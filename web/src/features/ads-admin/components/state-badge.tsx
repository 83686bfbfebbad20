import { Badge } from '@/components/ui/badge';
import type { AdState } from '../api/types';
import { AD_STATE_LABELS, AD_STATE_TONES } from '../lib/ad-states';

export function StateBadge({ state }: { state: AdState }) {
  return <Badge tone={AD_STATE_TONES[state] ?? 'neutral'}>{AD_STATE_LABELS[state] ?? state}</Badge>;
}
