import { eventually } from '../src/testing';

// The one wait of every test: for a condition, never for a fixed time. The clock here is
// Jest's fake one, so the timeouts below pass in no time.
describe('eventually', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves with what a passing check returns, trying it once', async () => {
    const check = jest.fn(() => 42);
    await expect(eventually(check, { timeoutMs: 1000 })).resolves.toBe(42);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('tries a sync check again while it throws, every intervalMs', async () => {
    const check = jest.fn((): string => {
      expect(check).toHaveBeenCalledTimes(4);
      return 'done';
    });
    const waiting = eventually(check, { timeoutMs: 1000, intervalMs: 100 });
    await jest.advanceTimersByTimeAsync(299);
    expect(check).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(1);
    await expect(waiting).resolves.toBe('done');
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('tries an async check again while it returns false or rejects', async () => {
    const answers = [false, new Error('not yet'), true];
    const check = jest.fn(async () => {
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const waiting = eventually(check, { timeoutMs: 1000 });
    await jest.advanceTimersByTimeAsync(50);
    await expect(waiting).resolves.toBe(true);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('fails after timeoutMs with the last error, as message and cause', async () => {
    const check = jest.fn((): never => {
      throw new Error(`try ${check.mock.calls.length} failed`);
    });
    const waiting = eventually(check, { timeoutMs: 500, intervalMs: 100 });
    const failure = expect(waiting).rejects.toMatchObject({
      message: 'eventually: still failing after 500 ms (6 tries): try 6 failed',
      cause: new Error('try 6 failed'),
    });
    await jest.advanceTimersByTimeAsync(500);
    await failure;
  });

  it('says so when the check kept returning false', async () => {
    const waiting = eventually(() => false, { timeoutMs: 100 });
    const failure = expect(waiting).rejects.toThrow(
      /^eventually: still failing after 100 ms \(\d+ tries\): the check returned false$/,
    );
    await jest.advanceTimersByTimeAsync(100);
    await failure;
  });

  it('fails at the deadline even when a try never finishes', async () => {
    const waiting = eventually(() => new Promise<never>(() => {}), { timeoutMs: 300 });
    const failure = expect(waiting).rejects.toThrow(
      'eventually: still failing after 300 ms (1 try): the check was still running at the deadline',
    );
    await jest.advanceTimersByTimeAsync(300);
    await failure;
  });

  it('keeps Jest matchers readable: the diff of the last failed expect is in the message', async () => {
    const seen: number[] = [];
    const waiting = eventually(() => expect(seen).toEqual([1, 2]), { timeoutMs: 50 });
    const failure = expect(waiting).rejects.toThrow(/Expected[\s\S]*Received/);
    await jest.advanceTimersByTimeAsync(50);
    await failure;
  });
});
