import { ApiError, NetworkError } from '@/lib/api-client';
import {
  OUTBOX_KEY,
  OUTBOX_LIMIT,
  addToOutbox,
  credentialFor,
  flushOutbox,
  outboxEntries,
  rememberCredential,
} from '@/features/game/api/score-outbox';
import { isTransientFailure, type ScoreSubmission } from '@/features/game/api/score-submission';

const submission = (sessionId: string, score = 100): ScoreSubmission => ({
  playerName: 'Eve',
  score,
  level: 2,
  moves: 12,
  sessionId,
});

beforeEach(() => localStorage.clear());

describe('score outbox', () => {
  it('keeps one entry per game session, at most 20', () => {
    addToOutbox(submission('a', 1));
    addToOutbox(submission('a', 2));
    expect(outboxEntries().map((e) => e.submission.score)).toEqual([2]);
    for (let i = 0; i < 30; i++) addToOutbox(submission(`s${i}`));
    expect(outboxEntries()).toHaveLength(OUTBOX_LIMIT);
    expect(outboxEntries().at(-1)?.submission.sessionId).toBe('s29');
  });

  it('sends each waiting score once, oldest first, and forgets it when sent', async () => {
    addToOutbox(submission('a'));
    addToOutbox(submission('b'));
    const sent: string[] = [];
    const onSent = jest.fn();
    const result = await flushOutbox({
      send: async (s) => void sent.push(s.sessionId),
      isTransient: isTransientFailure,
      onSent,
    });
    expect(result).toEqual({ sent: 2, dropped: 0, kept: 0 });
    expect(sent).toEqual(['a', 'b']);
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)).toEqual([]);
  });

  it('stops at a network failure and keeps the rest for later', async () => {
    addToOutbox(submission('a'));
    addToOutbox(submission('b'));
    const send = jest.fn(async () => {
      throw new NetworkError('POST', '/api/scores', new TypeError('Failed to fetch'));
    });
    expect(await flushOutbox({ send, isTransient: isTransientFailure })).toEqual({
      sent: 0,
      dropped: 0,
      kept: 2,
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('drops a score the server refuses for good (a 4xx such as a failed replay)', async () => {
    addToOutbox(submission('bad'));
    addToOutbox(submission('good'));
    const result = await flushOutbox({
      send: async (s) => {
        if (s.sessionId === 'bad')
          throw new ApiError(422, 'Unprocessable Entity', '{"message":"score"}');
      },
      isTransient: isTransientFailure,
    });
    expect(result).toEqual({ sent: 1, dropped: 1, kept: 0 });
    expect(outboxEntries()).toEqual([]);
  });

  it("keeps a session's credential in memory only, never in the stored entry", () => {
    rememberCredential('a', 'secret-credential');
    addToOutbox(submission('a'));
    expect(credentialFor('a')).toBe('secret-credential');
    expect(credentialFor('unknown')).toBe('');
    expect(localStorage.getItem(OUTBOX_KEY)).not.toContain('secret-credential');
  });

  it('tells transient failures from final ones', () => {
    expect(isTransientFailure(new ApiError(503, 'Service Unavailable', ''))).toBe(true);
    expect(isTransientFailure(new ApiError(429, 'Too Many Requests', ''))).toBe(true);
    expect(isTransientFailure(new ApiError(422, 'Unprocessable Entity', ''))).toBe(false);
    expect(isTransientFailure(new ApiError(400, 'Bad Request', ''))).toBe(false);
    expect(isTransientFailure(new Error('x'))).toBe(false);
  });
});
