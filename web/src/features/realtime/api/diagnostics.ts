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
 * What /test-websocket shows and does: the messages arriving, the ping round trip, the channels
 * the shared connection is subscribed to (by this page or any other part of the app, such as
 * the header's 'updates'), and subscribe/unsubscribe of the page's own listener on each.
 */
export function useRealtimeDiagnostics(client: RealtimeClient = realtimeClient()) {
  const [messages, setMessages] = useState<ReceivedMessage[]>([]);
  const [roundTripMs, setRoundTripMs] = useState<number | null>(null);
  const [holding, setHolding] = useState<RealtimeChannel[]>([]);
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
      setHolding(REALTIME_CHANNELS.filter((c) => held.has(c)));
    },
    [client],
  );

  return {
    messages,
    roundTripMs,
    /** The connection's channels, read at each render (a status change or message redraws). */
    subscribed: client.subscriptions,
    /** The channels this page listens to itself. */
    holding,
    toggle,
    ping: () => client.ping(),
    reconnect: () => client.reconnect(),
    clear: () => setMessages([]),
  };
}
