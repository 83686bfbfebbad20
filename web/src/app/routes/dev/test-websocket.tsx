import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { RealtimeDiagnostics } from '@/features/realtime/components/realtime-diagnostics';

/** /test-websocket: a diagnostic page for the realtime connection. */
export default function TestWebsocketRoute() {
  return (
    <Page
      back={{ to: paths.home, label: 'Back to Game' }}
      title="Realtime Connection Test"
      subtitle="Check the live score connection."
    >
      <RealtimeDiagnostics />
    </Page>
  );
}
