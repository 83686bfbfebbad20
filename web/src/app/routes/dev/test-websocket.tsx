import { PageTitle } from '@/components/page/page-title';
import { BackLink } from '@/features/leaderboards/components/back-link';
import { paths } from '@/config/paths';
import { RealtimeDiagnostics } from '@/features/realtime/components/realtime-diagnostics';

/** /test-websocket: a diagnostic page for the realtime connection. */
export default function TestWebsocketRoute() {
  return (
    <div className="page">
      <BackLink to={paths.home} label="Back to Game" />
      <PageTitle title="Realtime Connection Test" subtitle="Check the live score connection." />
      <RealtimeDiagnostics />
    </div>
  );
}
