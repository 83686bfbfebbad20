import { Badge } from '@/components/ui/badge';
import './new-updates-badge.css';

/** The green 'NEW' beside the header's Updates link while an update is unread ('Updates NEW'). */
export function NewUpdatesBadge() {
  return (
    <Badge tone="green" className="new-updates-badge">
      NEW
    </Badge>
  );
}
