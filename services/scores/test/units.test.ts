import { parsePlayerName } from '../src/domain/player-name';
import { parseScoreMember, scoreMember, weeklyRank } from '../src/store/boards';

describe('board members', () => {
  const entry = {
    id: '6f1c0b1e-8a39-4f77-9a39-3e0f6d1c2b11',
    seq: 42,
    playerName: 'A|B name',
    score: 1234,
    level: 7,
    moves: 150,
    createdAt: new Date('2026-11-16T10:20:30.456Z'),
  };

  it('round-trip a score through the member text (names may hold the separator)', () => {
    const { seq: _seq, ...shown } = entry;
    expect(parseScoreMember(scoreMember(entry), entry.score)).toEqual(shown);
  });

  it('sort an earlier submission after a later one byte-wise, so ZREVRANGE shows it first', () => {
    const later = scoreMember({ ...entry, createdAt: new Date(entry.createdAt.getTime() + 1) });
    const sameMsLaterSeq = scoreMember({ ...entry, seq: 43 });
    const mine = scoreMember(entry);
    expect(mine > later).toBe(true);
    expect(mine > sameMsLaterSeq).toBe(true);
  });

  it('rank weekly rows by total, then fewer games', () => {
    const a = Number(weeklyRank({ totalScore: 100, gamesPlayed: 2 }));
    const b = Number(weeklyRank({ totalScore: 100, gamesPlayed: 3 }));
    const c = Number(weeklyRank({ totalScore: 101, gamesPlayed: 900 }));
    expect(a).toBeGreaterThan(b);
    expect(c).toBeGreaterThan(a);
    expect(Number.isSafeInteger(Number(weeklyRank({ totalScore: 2 ** 32, gamesPlayed: 1 })))).toBe(
      true,
    );
  });
});

describe('player names', () => {
  // The rule itself is the engine's (packages/engine/test/player-name.test.ts).
  it('take the engine rule: its name and look-alike keys, or a 400 naming the field', () => {
    expect(parsePlayerName('  Zoë  ')).toEqual({ name: 'Zoë', keys: ['zoë'] });
    expect(parsePlayerName('IiIy').keys).toEqual(
      expect.arrayContaining(parsePlayerName('LILY').keys),
    );
    expect(() => parsePlayerName(' ', 'name')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'Player name is required',
        details: { field: 'name' },
      }),
    );
  });
});
