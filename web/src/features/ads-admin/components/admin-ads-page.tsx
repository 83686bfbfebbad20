import type { ReactNode } from 'react';
import { AdminSectionPage } from '@/components/page/admin-section-page';
import { paths } from '@/config/paths';

const AD_PAGES = [
  { to: paths.adminAdsReview, label: 'Ads review' },
  { to: paths.adminBannerAdsReview, label: 'Banner review' },
  { to: paths.adminAdManagement, label: 'Ad management' },
  { to: paths.adminBannerAdsManage, label: 'Banner management' },
  { to: paths.adminAdsStats, label: 'Ad statistics' },
  { to: paths.adminIconsStats, label: 'Icon statistics' },
];

/** The frame of the admin's ad pages: title, the way back, and the other ad pages. */
export function AdminAdsPage(props: { title: string; subtitle: string; children: ReactNode }) {
  return <AdminSectionPage {...props} section="Ad administration" links={AD_PAGES} />;
}
