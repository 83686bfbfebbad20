import { ComingSoon } from '@/components/page/coming-soon';

export default function TestWebsocketRoute() {
  return (
    <ComingSoon
      title="Realtime Connection Test"
      subtitle="Check the live score connection."
      description="This page will show the live connection status and the messages arriving from the server."
    />
  );
}
