import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Ball } from '@/components/ui/ball';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LineIcon } from '@/components/ui/line-icon';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useLogout } from '@/features/auth/api/logout';
import { signInFor } from '@/features/auth/lib/return-path';
import { PlayCount } from '@/features/stats/components/play-count';
import { useHasUnreadUpdates } from '@/features/updates/api/use-unread-updates';
import { NewUpdatesBadge } from '@/features/updates/components/new-updates-badge';
import { useUser } from '@/lib/auth/get-user';
import { isAdmin } from '@/lib/auth/types';
import { useNavigateAndArrive } from './use-navigate-and-arrive';
import './header.css';

const MAIN_LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.play, label: 'Play Game', end: false },
  { to: paths.leaderboards, label: 'Leaderboards', end: false },
  { to: paths.updates, label: 'Updates', end: false },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn('nav-link', isActive && 'nav-link--active');

/** The site header: main links, the play counter, and the account links. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const unreadUpdates = useHasUnreadUpdates();

  // A followed link closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={paths.home} className="brand" aria-label="BallMatch home">
          <Ball color="orange" size={28} />
          <span className="brand__name">
            Ball<span className="gradient-text">Match</span>
          </span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
              {link.label}
              {link.to === paths.updates && unreadUpdates && <NewUpdatesBadge />}
            </NavLink>
          ))}
        </nav>

        <div className="site-header__right">
          <PlayCount />
          <a
            className="chat-link"
            href={site.communityChatUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ChatIcon />
            <span className="visually-hidden">Community chat</span>
          </a>
          <div className="site-header__account">
            <AccountLinks />
          </div>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span
              className={cn('menu-toggle__bars', menuOpen && 'menu-toggle__bars--open')}
              aria-hidden="true"
            />
            {unreadUpdates && !menuOpen && <span className="new-updates-dot" aria-hidden="true" />}
          </button>
        </div>
      </div>

      {menuOpen && (
        <div id="mobile-menu" className="mobile-menu">
          <nav aria-label="Main (mobile)" className="mobile-menu__nav">
            {MAIN_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
                {link.label}
                {link.to === paths.updates && unreadUpdates && <NewUpdatesBadge />}
              </NavLink>
            ))}
            <a
              className="nav-link"
              href={site.communityChatUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Community chat
            </a>
          </nav>
          <div className="mobile-menu__account">
            <AccountLinks />
          </div>
        </div>
      )}
    </header>
  );
}

/** Login for guests; Dashboard, Buy Ads, Admin (admins) and Logout for signed-in users. */
function AccountLinks() {
  const { user, isPending } = useUser();
  const goHome = useNavigateAndArrive(paths.home);
  const logout = useLogout({ leave: goHome });

  if (isPending) return <span className="account-placeholder" aria-hidden="true" />;

  if (!user) {
    return (
      <>
        <NavLink to={signInFor(paths.buyAds)} className={navClass}>
          Buy Ads
        </NavLink>
        <ButtonLink to={paths.login} size="sm">
          Login
        </ButtonLink>
      </>
    );
  }

  return (
    <>
      <NavLink to={paths.userDashboard} className={navClass}>
        Dashboard
      </NavLink>
      <NavLink to={paths.buyAds} className={navClass}>
        Buy Ads
      </NavLink>
      {isAdmin(user) && (
        <NavLink
          to={paths.adminDashboard}
          className={cn(navClass({ isActive: false }), 'nav-link--admin')}
        >
          Admin
        </NavLink>
      )}
      <span className="user-chip" title={user.email}>
        <span className="user-chip__avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-chip__name">{user.username}</span>
        <button
          type="button"
          className="user-chip__logout"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </button>
      </span>
    </>
  );
}

function ChatIcon() {
  return (
    <LineIcon
      size={18}
      strokeWidth={1.8}
      cap={false}
      d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6c-.5.4-1.3.1-1.3-.6V16A2.5 2.5 0 0 1 4 13.5z"
    >
      <circle cx="9" cy="9.5" r="1.2" fill="currentColor" />
      <circle cx="12" cy="9.5" r="1.2" fill="currentColor" />
      <circle cx="15" cy="9.5" r="1.2" fill="currentColor" />
    </LineIcon>
  );
}
