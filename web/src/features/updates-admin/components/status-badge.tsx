import { Badge } from '@/components/ui/badge';
import type { UpdateStatus } from '../api/types';
import { STATUS_LABELS, STATUS_TONES } from '../lib/status';

export function StatusBadge({ status }: { status: UpdateStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
