import { ButtonLink } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';

/** The way back at the top of a page ('Back to Game', 'Admin Dashboard'). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <ButtonLink to={to} variant="ghost" size="sm" className="back-link">
      <LineIcon strokeWidth={2.4} d="M15 5l-7 7 7 7" />
      {label}
    </ButtonLink>
  );
}
