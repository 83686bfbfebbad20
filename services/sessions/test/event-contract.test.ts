import { eventually, perFile } from '@ballmatch/platform/testing';
import { eventContractBreach } from '@ballmatch/proto';
import { newSession } from './fixtures';
import { startSessions } from './harness';
import { playOut } from './play';

// Issue 9: what this service publishes is the proto contract. Every message heard under the
// service's subject prefix must be on a subject of the event table, with a payload that is
// exactly its message's JSON mapping (a field the proto lacks would fail here).

const svc = perFile(startSessions);

it("publishes each flag as SessionFlagged on session.flagged, a game's end as SessionFinished, nothing else", async () => {
  const heard: { subject: string; payload: unknown }[] = [];
  const sub = svc.bus.subscribe('>', (payload, subject) => heard.push({ subject, payload }));
  await svc.bus.connection.flush();

  // Both producers of the event: the server's timing analysis (a bot's game, which ends and so
  // is also finished), and an admin.
  const bot = await svc.client.createSession(newSession({ playerName: 'Contract bot' }));
  try {
    await playOut(svc, bot.id, () => 20, { maxActions: 6 });
  } finally {
    svc.clock.real();
  }
  const flagged = await svc.client.createSession(newSession({ playerName: 'Contract flag' }));
  await svc.admin.flagSession({ id: flagged.id, reason: 'Contract test' });

  await eventually(() => expect(heard).toHaveLength(3), { timeoutMs: 10_000 });
  sub.unsubscribe();
  const sourceOf = (payload: unknown) => (payload as { source?: string }).source ?? '';
  expect(heard.map((e) => [e.subject, sourceOf(e.payload)]).sort()).toEqual([
    ['session.finished', ''],
    ['session.flagged', 'admin'],
    ['session.flagged', 'server'],
  ]);
  expect(heard.map((e) => eventContractBreach(e.subject, e.payload)).filter(Boolean)).toEqual([]);
});
