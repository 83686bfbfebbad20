import {
  decodeEvent,
  eventContractBreach,
  EVENTS,
  eventStreams,
  newEvent,
  type EventMessage,
} from '../src';

const scoreBody: Omit<EventMessage<'scoreCreated'>, 'id' | 'occurredAt'> = {
  score: {
    id: 's1',
    playerName: 'Ann',
    score: 120,
    level: 2,
    createdAt: '2025-01-06T10:00:00.000Z',
  },
  largestRun: 4,
  weekId: '12',
  boards: [{ board: 'all-time' }, { board: 'weekly', boardId: '12' }],
};

describe('the event table', () => {
  it('gives every event its own subject, and each stream one subject prefix', () => {
    // The wire names (docs/api.md 'Events'): renaming one breaks every deployed consumer.
    expect(Object.values(EVENTS).map((e) => [e.subject, e.stream])).toEqual([
      ['scores.created', 'SCORES'],
      ['leaderboard.updated', 'LEADERBOARD'],
      ['session.flagged', 'SESSIONS'],
      ['session.finished', 'SESSIONS'],
      ['ads.changed', 'ADS'],
      ['updates.published', 'UPDATES'],
      ['achievement.awarded', 'ACHIEVEMENTS'],
      ['user.deleted', 'USERS'],
      ['user.named', 'USERS'],
    ]);
    expect(eventStreams('scoreCreated', 'leaderboardUpdated', 'sessionFlagged')).toEqual([
      { name: 'SCORES', subjects: ['scores.>'] },
      { name: 'LEADERBOARD', subjects: ['leaderboard.>'] },
      { name: 'SESSIONS', subjects: ['session.>'] },
    ]);
  });
});

describe('newEvent', () => {
  it("writes the message's JSON mapping with a fresh id and occurredAt", () => {
    const at = new Date('2025-01-06T10:00:00.000Z');
    const event = newEvent('scoreCreated', scoreBody, at);
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      subject: 'scores.created',
      payload: { id: event.id, occurredAt: at.toISOString(), ...scoreBody },
    });
    expect(eventContractBreach(event.subject, event.payload)).toBeNull();
  });

  it('leaves out a field the proto lacks, and an absent boardId stays absent', () => {
    const body = { board: 'all-time', boardId: undefined, playerName: 'Ann', rank: 3 };
    const event = newEvent('leaderboardUpdated', body);
    expect(event.payload).toEqual({
      id: event.id,
      occurredAt: event.payload.occurredAt,
      board: 'all-time',
      playerName: 'Ann',
    });
    expect('boardId' in event.payload).toBe(false);
  });
});

describe('eventContractBreach: the check the producers are tested with', () => {
  const good = newEvent('leaderboardUpdated', { board: 'weekly', boardId: 'w1', playerName: 'A' });

  it('passes a payload that is exactly its message', () => {
    expect(eventContractBreach(good.subject, good.payload)).toBeNull();
  });

  it('catches a field the proto lacks, at the top and nested', () => {
    expect(eventContractBreach(good.subject, { ...good.payload, rank: 3 })).toMatch(
      /^leaderboard\.updated: payload .*"rank":3/,
    );
    const score = newEvent('scoreCreated', scoreBody);
    const nested = { ...score.payload, score: { ...scoreBody.score, moves: 40 } };
    expect(eventContractBreach(score.subject, nested)).toMatch(/"moves":40/);
  });

  it('catches a value the JSON mapping would write otherwise (null for an absent field)', () => {
    expect(eventContractBreach(good.subject, { ...good.payload, boardId: null })).not.toBeNull();
    expect(eventContractBreach(good.subject, { ...good.payload, playerName: '' })).not.toBeNull();
  });

  it('catches a subject outside the table', () => {
    expect(eventContractBreach('scores.deleted', good.payload)).toBe(
      'subject scores.deleted is not in EVENTS',
    );
  });
});

describe('decodeEvent', () => {
  it('reads a payload into its message, ignoring fields the proto lacks', () => {
    const event = newEvent('sessionFlagged', {
      sessionId: 'x1',
      playerName: 'Bot',
      source: 'server',
      type: 'SUSPICIOUS_TIMING',
      details: '10 moves',
    });
    expect(decodeEvent('sessionFlagged', { ...event.payload, extra: true })).toEqual(event.payload);
  });

  it('refuses what is not an event: not an object, no id or occurredAt, unreadable', () => {
    expect(decodeEvent('scoreCreated', null)).toBeNull();
    expect(decodeEvent('scoreCreated', [1])).toBeNull();
    expect(decodeEvent('scoreCreated', 'text')).toBeNull();
    expect(decodeEvent('scoreCreated', { occurredAt: 'now' })).toBeNull();
    expect(decodeEvent('scoreCreated', { id: 'e1' })).toBeNull();
    // String() of an object whose toString is not a function throws inside fromJSON.
    expect(decodeEvent('scoreCreated', { id: { toString: 1 }, occurredAt: 'now' })).toBeNull();
  });
});
