import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { PageTitle } from '@/components/page/page-title';
import { paths } from '@/config/paths';
import './console-page.css';

const CONSOLE_PAGES = [
  { to: paths.gameAnalytics, label: 'Game analytics' },
  { to: paths.adminPlayerTracking, label: 'Player tracking' },
];

/** The frame of the console's pages: title, the way back, and the other console page. */
export function ConsolePage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="page">
      <PageTitle title={title} subtitle={subtitle} />
      <nav className="console-nav" aria-label="Admin console">
        <NavLink to={paths.adminDashboard} end>
          ← Admin Dashboard
        </NavLink>
        {CONSOLE_PAGES.map((page) => (
          <NavLink key={page.to} to={page.to} end>
            {page.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
