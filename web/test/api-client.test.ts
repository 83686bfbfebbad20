import {
  ApiError,
  NetworkError,
  TimeoutError,
  api,
  apiRequest,
  errorField,
  errorMessage,
  retryDelay,
} from '@/lib/api-client';
import {
  hang,
  headerOf,
  useApi,
  networkFailure,
  respond,
  sentBody,
  sequence,
  type ApiCall,
} from './helpers/api-server';

/** Lets the request run until it waits on a timer (or settles). */
async function settle(promise: Promise<unknown>) {
  promise.catch(() => undefined);
  await jest.advanceTimersByTimeAsync(0);
}

/** Moves the clock to each time (ms from now), checking how many attempts were made by then. */
async function attemptsBy(calls: ApiCall[], attemptsAt: Record<number, number>) {
  let now = 0;
  for (const [at, attempts] of Object.entries(attemptsAt)) {
    await jest.advanceTimersByTimeAsync(Number(at) - now);
    now = Number(at);
    expect(calls).toHaveLength(attempts);
  }
}

describe('api client: request shape', () => {
  it('sends cookies on every request and JSON with a content type when there is a body', async () => {
    const calls = useApi(respond(200, { ok: true }));
    await api.get('/api/user');
    await api.post('/api/login', { email: 'a@b.c', password: 'pw' });
    await api.patch('/api/user/profile', { username: 'bob' });

    expect(calls.map((c) => c.credentials)).toEqual(['include', 'include', 'include']);
    expect(calls[0].method).toBe('GET');
    expect(calls[0].body).toBeUndefined();
    expect(headerOf(calls[0], 'Content-Type')).toBeUndefined();
    expect(calls[1].method).toBe('POST');
    expect(headerOf(calls[1], 'Content-Type')).toBe('application/json');
    expect(sentBody(calls[1])).toEqual({ email: 'a@b.c', password: 'pw' });
    expect(calls[2].method).toBe('PATCH');
    expect(sentBody(calls[2])).toEqual({ username: 'bob' });
  });

  it('sends an empty JSON object for a POST without payload', async () => {
    const calls = useApi(respond(200, { message: 'Logged out' }));
    await expect(api.post('/api/logout')).resolves.toEqual({ message: 'Logged out' });
    expect(sentBody(calls[0])).toEqual({});
  });

  it('reads the answer as JSON, and an empty body as null', async () => {
    useApi(sequence(respond(200, { completedPlayCount: 7 }), respond(200)));
    await expect(api.get('/api/stats/play-count')).resolves.toEqual({ completedPlayCount: 7 });
    await expect(api.get('/api/empty')).resolves.toBeNull();
  });
});

describe('api client: errors', () => {
  it('makes the message "status: body text"', async () => {
    useApi(respond(400, { message: 'Email is required', field: 'email' }));
    const error = await api.post('/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect((error as ApiError).message).toBe(
      '400: {"message":"Email is required","field":"email"}',
    );
    expect((error as ApiError).status).toBe(400);
    expect(errorMessage(error, 'fallback')).toBe('Email is required');
    expect(errorField(error)).toBe('email');
  });

  it('uses the status text when the body is empty', async () => {
    useApi(respond(404, undefined, 'Not Found'));
    await expect(api.get('/api/nothing')).rejects.toThrow('404: Not Found');
  });

  it('keeps a plain-text body as is and falls back for the person-facing message', async () => {
    useApi(respond(403, 'Forbidden by proxy'));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect((error as Error).message).toBe('403: Forbidden by proxy');
    expect(errorMessage(error, 'Login failed')).toBe('Login failed');
  });

  it("logs a refusal (4xx) as a warning: it is the server's answer, which the page shows", async () => {
    useApi(respond(400, { message: 'bad' }));
    await api.get('/api/x').catch(() => undefined);
    expect(console.warn).toHaveBeenCalledWith('[api] GET /api/x failed:', '400: {"message":"bad"}');
    expect(console.error).not.toHaveBeenCalled();
  });

  it('logs a failure nobody could act on (5xx) as an error', async () => {
    useApi(respond(501, { message: 'Not Implemented' }));
    await api.get('/api/x').catch(() => undefined);
    expect(console.error).toHaveBeenCalledWith(
      '[api] GET /api/x failed:',
      '501: {"message":"Not Implemented"}',
    );
  });
});

describe('api client: retries', () => {
  beforeEach(() => jest.useFakeTimers());

  it('waits 800 ms, then 1200 ms (x1.5), between attempts', () => {
    expect(retryDelay(0)).toBe(800);
    expect(retryDelay(1)).toBe(1200);
  });

  it.each([408, 429, 500, 502, 503, 504])(
    'retries a %i answer and returns the later success',
    async (status) => {
      const calls = useApi(sequence(respond(status, { message: 'busy' }), respond(200, { id: 1 })));
      const result = apiRequest('GET', '/api/thing');
      await settle(result);
      await attemptsBy(calls, { 0: 1, 799: 1, 800: 2 });
      await expect(result).resolves.toEqual({ id: 1 });
    },
  );

  it('makes at most 3 attempts with growing delays, then throws the last error', async () => {
    const calls = useApi(respond(503, { message: 'Auth service unavailable' }));
    const result = apiRequest('GET', '/api/user');
    await settle(result);
    await attemptsBy(calls, { 0: 1, 800: 2, 1999: 2, 2000: 3 });
    await expect(result).rejects.toThrow('503: {"message":"Auth service unavailable"}');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
  });

  it('never retries a 401', async () => {
    const calls = useApi(respond(401, { message: 'Not authenticated' }));
    const result = apiRequest('GET', '/api/user');
    await settle(result);
    await expect(result).rejects.toThrow('401: {"message":"Not authenticated"}');
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });

  it.each([400, 403, 404, 409])('does not retry other client errors (%i)', async (status) => {
    const calls = useApi(respond(status, { message: 'no' }));
    const result = apiRequest('POST', '/api/register', {});
    await settle(result);
    await expect(result).rejects.toBeInstanceOf(ApiError);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });

  it('retries network failures and reports a NetworkError at the end', async () => {
    const calls = useApi(networkFailure);
    const result = apiRequest('GET', '/api/user');
    await settle(result);
    await jest.advanceTimersByTimeAsync(800 + 1200);
    expect(calls).toHaveLength(3);
    await expect(result).rejects.toBeInstanceOf(NetworkError);
  });

  it('aborts an attempt after 5000 ms and retries it', async () => {
    const calls = useApi(sequence(hang, respond(200, { late: false })));
    const result = apiRequest('GET', '/api/slow');
    await settle(result);

    await jest.advanceTimersByTimeAsync(4999);
    expect(calls[0].signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls[0].signal?.aborted).toBe(true);
    expect(calls).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ late: false });
  });

  it('gives up with a TimeoutError after three timed-out attempts', async () => {
    const calls = useApi(hang);
    const result = apiRequest('GET', '/api/slow');
    await settle(result);
    await jest.advanceTimersByTimeAsync(5000 + 800 + 5000 + 1200 + 5000);
    expect(calls).toHaveLength(3);
    await expect(result).rejects.toBeInstanceOf(TimeoutError);
    await expect(result).rejects.toThrow('Request timed out after 5000 ms: GET /api/slow');
  });

  it('stops at once, without retrying, when the caller cancels', async () => {
    const calls = useApi(hang);
    const controller = new AbortController();
    const result = apiRequest('GET', '/api/slow', undefined, { signal: controller.signal });
    await settle(result);
    controller.abort();
    await expect(result).rejects.toThrow();
    await jest.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(1);
  });
});

describe('api client: on401', () => {
  it("turns a 401 into null with 'returnNull', quietly", async () => {
    useApi(respond(401, { message: 'Not authenticated' }));
    await expect(api.get('/api/user', { on401: 'returnNull' })).resolves.toBeNull();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("still throws other errors with 'returnNull'", async () => {
    useApi(respond(403, { message: 'Admin access required' }));
    await expect(api.get('/api/admin/check-auth', { on401: 'returnNull' })).rejects.toThrow(
      '403: {"message":"Admin access required"}',
    );
  });
});
