import { eventually } from '@ballmatch/platform/testing';
import { eventContractBreach, type EventMessage } from '@ballmatch/proto';
import { JSONCodec } from 'nats';
import { start, type RunningContent } from '../src';
import { draft, published, startContent, type ContentHarness } from './harness';

type Announced = EventMessage<'updatePublished'>;

let h: ContentHarness;
/** A second replica on the same database and subjects: its scheduler races the first's. */
let replica: RunningContent;
const heard: { subject: string; payload: Announced }[] = [];

beforeAll(async () => {
  h = await startContent();
  replica = await start(h.env, { now: h.clock.now });
  const subject = h.bus.subject('updates.published');
  const subscription = h.bus.connection.subscribe(subject);
  void (async () => {
    for await (const message of subscription) {
      heard.push({
        subject: 'updates.published',
        payload: JSONCodec<Announced>().decode(message.data),
      });
    }
  })();
  await h.bus.connection.flush();
});
afterAll(async () => {
  await replica.stop();
  await h.close();
});

const HOUR = 3600_000;
const announcementsOf = (updateId: string) =>
  heard.filter((e) => e.payload.updateId === updateId).map((e) => e.payload);

/**
 * Everything written before it has been heard: a fresh update published now is announced at
 * once, and the outbox is published in order, so any earlier announcement arrived first.
 */
async function settled(): Promise<void> {
  const sentinel = await published(h, `Sentinel ${heard.length}`);
  await eventually(() => expect(announcementsOf(sentinel.id)).toHaveLength(1), {
    timeoutMs: 10_000,
  });
}

beforeEach(() => h.clock.set('2026-03-02T10:00:00.000Z'));

it('publishing now announces the update once, as its message in the event table', async () => {
  const update = await published(h, 'Season 3 is here');
  await eventually(() => expect(announcementsOf(update.id)).toHaveLength(1), {
    timeoutMs: 10_000,
  });
  const [event] = heard.filter((e) => e.payload.updateId === update.id);
  expect(event!.payload).toEqual({
    id: expect.any(String),
    occurredAt: '2026-03-02T10:00:00.000Z',
    updateId: update.id,
    title: 'Season 3 is here',
    publishedAt: update.publishDate,
  });
  expect(eventContractBreach(event!.subject, event!.payload)).toBeNull();

  // A new date for a public update, an edit: no news.
  await h.updatesAdmin.publishUpdate({ id: update.id, publishDate: '2026-03-01T08:00:00Z' });
  await h.updatesAdmin.editUpdate({ id: update.id, title: 'Season 3 is really here' });
  await settled();
  expect(announcementsOf(update.id)).toHaveLength(1);
});

it('a scheduled update is announced when its time comes, once, however many replicas look', async () => {
  const at = new Date(h.clock.nowMs() + HOUR).toISOString();
  const scheduled = await Promise.all(
    Array.from({ length: 30 }, (_, i) => published(h, `Scheduled ${i}`, at)),
  );
  // Both schedulers tick meanwhile; nothing is due yet.
  expect(await Promise.all([h.running.announceDue(), replica.announceDue()])).toEqual([0, 0]);

  h.clock.advance(HOUR);
  // The schedulers' own ticks race these calls; the claim lets each update through once.
  await Promise.all([h.running.announceDue(), replica.announceDue(), h.running.announceDue()]);
  await eventually(
    () => expect(scheduled.filter((u) => announcementsOf(u.id).length === 0)).toEqual([]),
    { timeoutMs: 10_000 },
  );
  expect(await Promise.all([h.running.announceDue(), replica.announceDue()])).toEqual([0, 0]);
  await settled();
  for (const u of scheduled) {
    expect(announcementsOf(u.id)).toEqual([
      expect.objectContaining({ title: u.title, publishedAt: at, occurredAt: at }),
    ]);
  }
});

it('publishing a scheduled update now announces it then, and not again at its old time', async () => {
  const scheduled = await published(h, 'Early', new Date(h.clock.nowMs() + HOUR).toISOString());
  await h.updatesAdmin.publishUpdate({ id: scheduled.id, publishDate: '' });
  h.clock.advance(2 * HOUR);
  await Promise.all([h.running.announceDue(), replica.announceDue()]);
  await settled();
  expect(announcementsOf(scheduled.id)).toHaveLength(1);
});

it('unpublished and published again, an update is announced again; a draft never', async () => {
  const update = await published(h, 'Back again');
  await h.updatesAdmin.unpublishUpdate({ id: update.id });
  await h.updatesAdmin.publishUpdate({ id: update.id, publishDate: '' });
  const never = await draft(h, 'Never published');
  h.clock.advance(HOUR);
  await settled();
  expect(announcementsOf(update.id)).toHaveLength(2);
  expect(announcementsOf(never.id)).toEqual([]);
});
