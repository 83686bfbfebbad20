/** The 429's message of a handshake refused because its address holds its most sockets. */
export const TOO_MANY_SOCKETS = 'Too many connections from this address';

/**
 * Open sockets per client address, at most `max` each: realtime's `/ws` and sessions' game
 * socket refuse the handshake past it (429), so one address cannot open sockets until memory
 * runs out. A place is reserved at the start of a handshake (concurrent handshakes cannot
 * overshoot) and released exactly once, when that socket closes or its handshake fails.
 */
export class SocketsPerAddress {
  private readonly open = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Holds a place for one more socket from `ip`; false when it holds `max` already. */
  reserve(ip: string): boolean {
    const count = this.count(ip);
    if (count >= this.max) return false;
    this.open.set(ip, count + 1);
    return true;
  }

  /** Gives back one place `reserve(ip)` held. */
  release(ip: string): void {
    const count = this.count(ip) - 1;
    if (count <= 0) this.open.delete(ip);
    else this.open.set(ip, count);
  }

  /** Places `ip` holds now. */
  count(ip: string): number {
    return this.open.get(ip) ?? 0;
  }
}
