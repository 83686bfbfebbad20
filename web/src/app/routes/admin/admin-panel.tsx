import { Page } from '@/components/page/page';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { BallIconsSection } from '@/features/ads-admin/components/icon-manager';
import './admin-panel.css';

/** Ball icons, and the way to player sessions (player tracking has them). */
export default function AdminPanelRoute() {
  return (
    <Page title="Admin Panel" subtitle="Ball icons and player sessions.">
      <BallIconsSection className="admin-panel__section" headingId="panel-icons-title" />
      <Card className="admin-panel__section">
        <CardHeader>
          <CardTitle>Player sessions</CardTitle>
        </CardHeader>
        <CardBody>
          <p>Every game's session, its device and any suspicious timing are in player tracking.</p>
          <div className="admin-panel__links">
            <ButtonLink to={paths.adminPlayerTracking}>Open Player Tracking</ButtonLink>
            <ButtonLink to={paths.adminDashboard} variant="secondary">
              Admin Dashboard
            </ButtonLink>
          </div>
        </CardBody>
      </Card>
    </Page>
  );
}
