import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { PageTitle } from '@/components/page/page-title';
import { paths } from '@/config/paths';
import './admin-section-page.css';

export interface SectionLink {
  to: string;
  label: string;
}

/**
 * The frame of an admin section's pages (ads, the console): title, the way back to the admin
 * dashboard, and links to the section's other pages.
 */
export function AdminSectionPage({
  title,
  subtitle,
  section,
  links,
  children,
}: {
  title: string;
  subtitle: string;
  /** The section's name, for the navigation landmark. */
  section: string;
  links: readonly SectionLink[];
  children: ReactNode;
}) {
  return (
    <div className="page">
      <PageTitle title={title} subtitle={subtitle} />
      <nav className="admin-section-nav" aria-label={section}>
        <NavLink to={paths.adminDashboard} end>
          ← Admin Dashboard
        </NavLink>
        {links.map((page) => (
          <NavLink key={page.to} to={page.to} end>
            {page.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
