import { useCallback, useEffect, useRef, useState } from 'react';
import {
  realtimeClient,
  REALTIME_CHANNELS,
  type RealtimeChannel,
  type RealtimeClient,
  type RealtimeMessage,
} from '@/lib/realtime';

/** The diagnostic page keeps this many messages, newest first. */
export const DIAGNOSTIC_MESSAGES_KEPT = 20;

export interface ReceivedMessage {
  /** Running number, for keys. */
  seq: number;
  receivedAt: number;
  message: RealtimeMessage;
}

/**
 * What /test-websocket shows and does: the messages arriving, the ping round trip, and
 * subscribe/unsubscribe of each channel on the page's shared connection.
 */
export function useRealtimeDiagnostics(client: RealtimeClient = realtimeClient()) {
  const [messages, setMessages] = useState<ReceivedMessage[]>([]);
  const [roundTripMs, setRoundTripMs] = useState<number | null>(null);
  const [subscribed, setSubscribed] = useState<RealtimeChannel[]>([]);
  const unsubscribers = useRef(new Map<RealtimeChannel, () => void>());
  const seq = useRef(0);

  useEffect(() => {
    const stopMessages = client.onMessage((message) => {
      seq.current += 1;
      const entry = { seq: seq.current, receivedAt: Date.now(), message };
      setMessages((list) => [entry, ...list].slice(0, DIAGNOSTIC_MESSAGES_KEPT));
    });
    const stopTrips = client.onRoundTrip(setRoundTripMs);
    const held = unsubscribers.current;
    return () => {
      stopMessages();
      stopTrips();
      for (const unsubscribe of held.values()) unsubscribe();
      held.clear();
    };
  }, [client]);

  const toggle = useCallback(
    (channel: RealtimeChannel) => {
      const held = unsubscribers.current;
      const unsubscribe = held.get(channel);
      if (unsubscribe) {
        unsubscribe();
        held.delete(channel);
      } else {
        // The page only watches: updates show in the message list.
        held.set(
          channel,
          client.subscribe(channel, () => undefined),
        );
      }
      setSubscribed(REALTIME_CHANNELS.filter((c) => held.has(c)));
    },
    [client],
  );

  return {
    messages,
    roundTripMs,
    subscribed,
    toggle,
    ping: () => client.ping(),
    reconnect: () => client.reconnect(),
    clear: () => setMessages([]),
  };
}
