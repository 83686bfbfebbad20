import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Ball } from '@/components/ui/ball';
import { LineIcon } from '@/components/ui/line-icon';
import { paths } from '@/config/paths';
import { MarketingPanel } from './marketing-panel';
import './auth-screen.css';

/**
 * The frame of the sign-in screens (/login, /forgot-password, /reset-password): the brand and
 * 'Return to Game' above, the card with its heading as the page's main, the benefits beside it.
 */
export function AuthFrame({
  pageTitle,
  title,
  subtitle,
  children,
}: {
  /** The document title, before '· BallMatch'. */
  pageTitle: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="auth-screen">
      <title>{`${pageTitle} · BallMatch`}</title>
      {/* A landmark like everything on the screen (the form is the main, the panel an aside). */}
      <header className="auth-topbar">
        <Link to={paths.home} className="auth-brand" aria-label="BallMatch home">
          <Ball color="orange" size={26} />
          <span>
            Ball<span className="gradient-text">Match</span>
          </span>
        </Link>
        <Link to={paths.home} className="auth-return">
          <LineIcon viewBox="0 0 20 20" strokeWidth={2.2} d="M12.5 4.5L7 10l5.5 5.5" />
          Return to Game
        </Link>
      </header>

      <div className="auth-layout">
        <main className="auth-card" id="main">
          <div className="auth-card__heading">
            <h1>{title}</h1>
            <p>{subtitle}</p>
          </div>
          {children}
        </main>
        <MarketingPanel />
      </div>
    </div>
  );
}
