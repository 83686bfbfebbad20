import { render, screen } from '@testing-library/react';
import type { TrackedSession } from '@/features/admin-console/api/types';
import {
  IDLE_AFTER_MS,
  SessionState,
} from '@/features/admin-console/components/tracking/session-state';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');

function stateOf(overrides: Partial<TrackedSession>): string | null {
  const session: TrackedSession = {
    id: '7a2d8b63-5a1f-4d9f-8e4b-2c3d4e5f6071',
    playerName: 'Ann',
    clientSessionId: 'c',
    deviceFingerprint: 'fp',
    ip: '203.0.113.7',
    userId: null,
    totalScore: 0,
    matchCount: 0,
    moveCount: 0,
    averageMoveDuration: 0,
    suspicious: false,
    flags: [],
    createdAt: new Date(NOW - 2 * IDLE_AFTER_MS).toISOString(),
    updatedAt: new Date(NOW - 60_000).toISOString(),
    endedAt: null,
    ...overrides,
  };
  const { unmount } = render(<SessionState session={session} now={NOW} />);
  const text = screen.getByText(/./).textContent;
  unmount();
  return text;
}

describe("a tracked session's state", () => {
  it('is Playing while its page keeps reporting, and Idle once it has been silent 30 minutes', () => {
    expect(stateOf({})).toBe('Playing');
    expect(stateOf({ updatedAt: new Date(NOW - IDLE_AFTER_MS).toISOString() })).toBe('Playing');
    expect(stateOf({ updatedAt: new Date(NOW - IDLE_AFTER_MS - 1000).toISOString() })).toBe('Idle');
  });

  it('is Ended once ended, however long ago, and Suspicious above all', () => {
    const longAgo = new Date(NOW - 10 * IDLE_AFTER_MS).toISOString();
    expect(stateOf({ updatedAt: longAgo, endedAt: longAgo })).toBe('Ended');
    expect(stateOf({ updatedAt: longAgo, suspicious: true })).toBe('Suspicious');
  });
});
