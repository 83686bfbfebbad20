import { RealtimeClient, resetRealtimeClient, type WebSocketLike } from '@/lib/realtime';

/**
 * A stand-in for the browser's WebSocket in unit tests only (jsdom's would try the network):
 * the test plays the server with open(), receive() and drop().
 */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  closedWith: { code?: number; reason?: string } | undefined;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onmessage: WebSocketLike['onmessage'] = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static get latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  /** The messages the client sent, parsed. */
  get sentMessages(): Record<string, unknown>[] {
    return this.sent.map((text) => JSON.parse(text) as Record<string, unknown>);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError: not open');
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
    this.receive({ type: 'connection', status: 'connected', timestamp: Date.now() });
  }

  receive(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.call(this as unknown as WebSocket, new MessageEvent('message', { data }));
  }

  /** The server or the network ends the connection. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onerror?.call(this as unknown as WebSocket, new Event('error'));
    this.onclose?.call(this as unknown as WebSocket, new CloseEvent('close', { code }));
  }
}

/** A fresh page connection that opens fake sockets; returns it. */
export function installFakeRealtime(): RealtimeClient {
  FakeWebSocket.instances = [];
  const client = new RealtimeClient({
    url: 'ws://localhost/ws',
    createSocket: (url) => new FakeWebSocket(url),
  });
  resetRealtimeClient(client);
  return client;
}
