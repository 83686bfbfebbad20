// React access to the page's realtime connection (lib/realtime.ts).
import { useEffect, useRef, useState } from 'react';
import { REALTIME_STATUS_POLL_MS } from '@/config/network';
import {
  realtimeClient,
  type RealtimeChannel,
  type RealtimeClient,
  type RealtimeStatus,
} from './realtime';

/**
 * Holds the connection open while the component is mounted and returns its status, updated on every
 * change and re-checked every 5 s.
 */
export function useRealtimeStatus(client: RealtimeClient = realtimeClient()): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>(client.status);
  useEffect(() => {
    const release = client.retain();
    const stopListening = client.onStatus(setStatus);
    const poll = setInterval(() => setStatus(client.status), REALTIME_STATUS_POLL_MS);
    setStatus(client.status);
    return () => {
      clearInterval(poll);
      stopListening();
      release();
    };
  }, [client]);
  return status;
}

/**
 * Calls `onData` with the data of every update on `channel` while mounted. The latest
 * `onData` is used without re-subscribing when it changes.
 */
export function useRealtimeChannel(
  channel: RealtimeChannel,
  onData: (data: unknown) => void,
  client: RealtimeClient = realtimeClient(),
): void {
  const latest = useRef(onData);
  useEffect(() => {
    latest.current = onData;
  });
  useEffect(() => client.subscribe(channel, (data) => latest.current(data)), [client, channel]);
}
