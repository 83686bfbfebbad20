import { ButtonLink } from '@/components/ui/button';
import { ArrowLeftIcon } from './icons';

/** The way back at the top of a leaderboard page ('Back to Game', 'Back to Leaderboards'). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <ButtonLink to={to} variant="ghost" size="sm" className="back-link">
      <ArrowLeftIcon />
      {label}
    </ButtonLink>
  );
}
