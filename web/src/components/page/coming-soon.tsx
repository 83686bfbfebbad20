import type { ReactNode } from 'react';
import { Ball, BALL_COLORS } from '@/components/ui/ball';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageTitle } from './page-title';
import './coming-soon.css';

/**
 * The body of a page whose real content arrives in a later release: its title, a short
 * promise of what it will hold, and a way back to the game.
 */
export function ComingSoon({
  title,
  subtitle,
  description,
  back = { to: paths.home, label: 'Back to Game' },
}: {
  title: string;
  subtitle?: ReactNode;
  description: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <div className="page">
      <PageTitle title={title} subtitle={subtitle} />
      <section className="coming-soon" aria-label={`${title}: coming soon`}>
        <div className="coming-soon__balls" aria-hidden="true">
          {BALL_COLORS.map((color, i) => (
            <Ball key={color} color={color} size={30} style={{ animationDelay: `${i * 0.12}s` }} />
          ))}
        </div>
        <h2 className="coming-soon__title">Coming soon</h2>
        <p className="coming-soon__text">{description}</p>
        <ButtonLink to={back.to} variant="secondary">
          {back.label}
        </ButtonLink>
      </section>
    </div>
  );
}
