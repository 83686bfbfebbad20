import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { REALTIME_CHANNELS, type RealtimeClient, type RealtimeStatus } from '@/lib/realtime';
import { useRealtimeStatus } from '@/lib/use-realtime';
import { DIAGNOSTIC_MESSAGES_KEPT, useRealtimeDiagnostics } from '../api/diagnostics';
import './realtime-diagnostics.css';

const STATUS_TONE: Record<RealtimeStatus, BadgeTone> = {
  connecting: 'orange',
  connected: 'green',
  closed: 'neutral',
};

const STATUS_TEXT: Record<RealtimeStatus, string> = {
  connecting: 'Connecting',
  connected: 'Connected',
  closed: 'Closed',
};

function timeOf(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour12: false });
}

/** /test-websocket: the live connection, its subscriptions, a ping, and the last messages. */
export function RealtimeDiagnostics({ client }: { client?: RealtimeClient }) {
  const status = useRealtimeStatus(client);
  const { messages, roundTripMs, subscribed, holding, toggle, ping, reconnect, clear } =
    useRealtimeDiagnostics(client);
  const connected = status === 'connected';

  return (
    <div className="rt-diag">
      <Card>
        <CardHeader>
          <CardTitle>Connection</CardTitle>
        </CardHeader>
        <CardBody className="rt-diag__rows">
          <div className="rt-diag__row">
            <span className="rt-diag__label">Status</span>
            <Badge tone={STATUS_TONE[status]}>
              <span data-testid="realtime-status">{STATUS_TEXT[status]}</span>
            </Badge>
            {status === 'closed' && (
              <Button size="sm" variant="secondary" onClick={reconnect}>
                Reconnect
              </Button>
            )}
          </div>
          <div className="rt-diag__row">
            <span className="rt-diag__label">Round trip</span>
            <span data-testid="realtime-rtt">
              {roundTripMs === null ? 'not measured yet' : `${roundTripMs} ms`}
            </span>
            <Button size="sm" onClick={ping} disabled={!connected}>
              Ping
            </Button>
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Subscriptions</CardTitle>
        </CardHeader>
        <CardBody className="rt-diag__rows">
          {REALTIME_CHANNELS.map((channel) => {
            const on = holding.includes(channel);
            return (
              <div className="rt-diag__row" key={channel}>
                <span className="rt-diag__label">{channel}</span>
                <span>{subscribed.includes(channel) ? 'Subscribed' : 'Not subscribed'}</span>
                <Button
                  size="sm"
                  variant={on ? 'secondary' : 'primary'}
                  onClick={() => toggle(channel)}
                  aria-label={`${on ? 'Unsubscribe from' : 'Subscribe to'} ${channel}`}
                >
                  {on ? 'Unsubscribe' : 'Subscribe'}
                </Button>
              </div>
            );
          })}
        </CardBody>
      </Card>

      <Card className="rt-diag__messages">
        <CardHeader className="rt-diag__messages-header">
          <CardTitle>Last {DIAGNOSTIC_MESSAGES_KEPT} messages</CardTitle>
          <Button size="sm" variant="ghost" onClick={clear} disabled={messages.length === 0}>
            Clear
          </Button>
        </CardHeader>
        <CardBody>
          {messages.length === 0 ? (
            <p className="rt-diag__empty">No messages yet.</p>
          ) : (
            <ol className="rt-diag__list" aria-label="Messages received">
              {messages.map(({ seq, receivedAt, message }) => (
                <li key={seq} className="rt-diag__message">
                  <div className="rt-diag__message-head">
                    <time>{timeOf(receivedAt)}</time>
                    <strong>{message.type}</strong>
                    {message.channel && <span>{message.channel}</span>}
                  </div>
                  <pre>{JSON.stringify(message, null, 2)}</pre>
                </li>
              ))}
            </ol>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
