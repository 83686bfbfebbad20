import type { ReactNode } from 'react';
import { AdminSectionPage } from '@/components/page/admin-section-page';
import { paths } from '@/config/paths';

const CONSOLE_PAGES = [
  { to: paths.gameAnalytics, label: 'Game analytics' },
  { to: paths.adminPlayerTracking, label: 'Player tracking' },
];

/** The frame of the console's pages: title, the way back, and the other console page. */
export function ConsolePage(props: { title: string; subtitle: string; children: ReactNode }) {
  return <AdminSectionPage {...props} section="Admin console" links={CONSOLE_PAGES} />;
}
