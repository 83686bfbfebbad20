import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { PageTitle } from '@/components/page/page-title';
import { paths } from '@/config/paths';
import './admin-ads-page.css';

const AD_PAGES = [
  { to: paths.adminAdsReview, label: 'Ads review' },
  { to: paths.adminBannerAdsReview, label: 'Banner review' },
  { to: paths.adminAdManagement, label: 'Ad management' },
  { to: paths.adminBannerAdsManage, label: 'Banner management' },
  { to: paths.adminAdsStats, label: 'Ad statistics' },
  { to: paths.adminIconsStats, label: 'Icon statistics' },
];

/** The frame of the admin's ad pages: title, the way back, and the other ad pages. */
export function AdminAdsPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="page admin-ads-page">
      <PageTitle title={title} subtitle={subtitle} />
      <nav className="admin-ads-nav" aria-label="Ad administration">
        <NavLink to={paths.adminDashboard} end>
          ← Admin Dashboard
        </NavLink>
        {AD_PAGES.map((page) => (
          <NavLink key={page.to} to={page.to} end>
            {page.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
