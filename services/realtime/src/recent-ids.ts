import { LRUCache } from 'lru-cache';

/**
 * The last `capacity` event ids seen, least recently seen forgotten first (lru-cache).
 * JetStream redeliveries and duplicate publishes by the outbox relay come back within seconds,
 * so a few thousand ids cover them with bounded memory.
 */
export class RecentIds {
  private readonly ids: LRUCache<string, true>;

  constructor(capacity: number) {
    this.ids = new LRUCache({ max: capacity });
  }

  /**
   * True the first time `id` is seen (and remembers it); false for a repeat, which becomes the
   * most recent, so a burst of redeliveries keeps it remembered.
   */
  firstSighting(id: string): boolean {
    if (this.ids.get(id)) return false;
    this.ids.set(id, true);
    return true;
  }

  get size(): number {
    return this.ids.size;
  }
}
