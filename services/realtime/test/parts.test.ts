import { readEvent } from '../src/events';
import { textFrame } from '../src/frame';
import { RecentIds } from '../src/recent-ids';

describe('RecentIds', () => {
  it('knows a repeat, and forgets the least recently seen id past its capacity', () => {
    const ids = new RecentIds(3);
    expect(['a', 'b', 'c'].map((id) => ids.firstSighting(id))).toEqual([true, true, true]);
    expect(ids.firstSighting('a')).toBe(false); // 'a' is now the most recent
    expect(ids.firstSighting('d')).toBe(true); // 'b' goes
    expect(ids.size).toBe(3);
    expect(ids.firstSighting('a')).toBe(false);
    expect(ids.firstSighting('b')).toBe(true);
  });
});

describe('readEvent', () => {
  it('refuses subjects it has no channel for', () => {
    expect(readEvent('users.registered', {})).toEqual({
      ok: false,
      error: 'no channel for subject users.registered',
    });
  });

  it('reads a payload with the generated types: an absent boardId (all-time) goes out as null', () => {
    const reading = readEvent('leaderboard.updated', {
      id: '1',
      occurredAt: 'now',
      board: 'all-time',
      playerName: 'Ann',
      rank: 3, // a field the proto lacks: ignored, never sent on
    });
    expect(reading).toEqual({
      ok: true,
      fanouts: [
        {
          eventId: '1',
          channel: 'leaderboard',
          data: {
            action: 'leaderboard_updated',
            board: 'all-time',
            boardId: null,
            playerName: 'Ann',
          },
        },
      ],
    });
  });

  it('refuses scores out of bounds: not whole numbers, an overlong name, no createdAt', () => {
    const event = (score: Record<string, unknown>) => ({
      id: '1',
      occurredAt: 'now',
      score: { id: 's1', playerName: 'Ann', score: 10, level: 1, createdAt: 'now', ...score },
    });
    expect(readEvent('scores.created', event({})).ok).toBe(true);
    for (const bad of [
      { score: 'lots' },
      { level: 1.5 },
      { playerName: 'x'.repeat(101) },
      { createdAt: '' },
    ]) {
      expect(readEvent('scores.created', event(bad))).toMatchObject({ ok: false });
    }
    expect(readEvent('scores.created', [event({})])).toMatchObject({ ok: false });
  });

  it("reads an accepted score's boards as each board's message, each with an id of its own", () => {
    const reading = readEvent('scores.created', {
      id: 'e1',
      occurredAt: 'now',
      score: { id: 's1', playerName: 'Ann', score: 10, level: 1, createdAt: 'now' },
      boards: [{ board: 'all-time' }, { board: 'weekly', boardId: 'w1' }],
    });
    expect(reading.ok && reading.fanouts.map((f) => [f.eventId, f.channel, f.data])).toEqual([
      ['e1', 'scores', expect.objectContaining({ action: 'new_score' })],
      [
        'e1:all-time',
        'leaderboard',
        { action: 'leaderboard_updated', board: 'all-time', boardId: null, playerName: 'Ann' },
      ],
      [
        'e1:weekly',
        'leaderboard',
        { action: 'leaderboard_updated', board: 'weekly', boardId: 'w1', playerName: 'Ann' },
      ],
    ]);
    const withBoards = (boards: unknown[]) =>
      readEvent('scores.created', {
        id: 'e2',
        occurredAt: 'now',
        score: { id: 's1', playerName: 'Ann', score: 10, level: 1, createdAt: 'now' },
        boards,
      });
    expect(withBoards([{ board: 'daily' }])).toMatchObject({ ok: false });
    expect(withBoards([{ board: 'weekly', boardId: 'x'.repeat(101) }])).toMatchObject({
      ok: false,
    });
    expect(withBoards(Array(4).fill({ board: 'all-time' }))).toMatchObject({ ok: false });
  });

  it('reads a published update; refuses one without its id or date, or with a long title', () => {
    const event = (fields: Record<string, unknown>) => ({
      id: '1',
      occurredAt: 'now',
      updateId: 'u1',
      title: 'News',
      publishedAt: 'then',
      ...fields,
    });
    expect(readEvent('updates.published', event({}))).toEqual({
      ok: true,
      fanouts: [
        {
          eventId: '1',
          channel: 'updates',
          data: {
            action: 'update_published',
            update: { id: 'u1', title: 'News', publishDate: 'then' },
          },
        },
      ],
    });
    for (const bad of [{ updateId: '' }, { publishedAt: '' }, { title: 'x'.repeat(201) }]) {
      expect(readEvent('updates.published', event(bad)).ok).toBe(false);
    }
  });

  it('refuses a leaderboard event for an unknown board', () => {
    const reading = readEvent('leaderboard.updated', {
      id: '1',
      occurredAt: 'now',
      board: 'daily',
      boardId: null,
      playerName: 'Ann',
    });
    expect(reading.ok).toBe(false);
  });
});

describe('textFrame', () => {
  it('frames short, medium and long payloads as RFC 6455 says (server frames: no mask)', () => {
    expect([...textFrame(Buffer.from('hi'))]).toEqual([0x81, 2, 104, 105]);
    const medium = textFrame(Buffer.alloc(300, 97));
    expect([...medium.subarray(0, 4)]).toEqual([0x81, 126, 1, 44]);
    expect(medium.length).toBe(304);
    const long = textFrame(Buffer.alloc(70_000, 97));
    expect([...long.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]);
    expect(long.length).toBe(70_010);
  });
});
