/**
 * The last `capacity` event ids seen, least recently seen forgotten first. JetStream redeliveries and
 * duplicate publishes by the outbox relay come back within seconds, so a few thousand ids cover
 * them with bounded memory.
 */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** True the first time `id` is seen (and remembers it); false for a repeat. */
  firstSighting(id: string): boolean {
    if (this.ids.has(id)) {
      // Seen again: it becomes the most recent, so a burst of redeliveries keeps it remembered.
      this.ids.delete(id);
      this.ids.add(id);
      return false;
    }
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      // A Set iterates in insertion order: the first value is the oldest.
      this.ids.delete(this.ids.values().next().value as string);
    }
    return true;
  }

  get size(): number {
    return this.ids.size;
  }
}
