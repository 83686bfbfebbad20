// A plain HTTP client of the API with a cookie jar of one session, for tests that drive the
// site without a browser (the scale-out journey's cross-replica checks, the fault suite's
// players). `base` per call reaches one replica past the balancer with the same session.
import { cookieAfter, readAnswer } from '@ballmatch/kit';

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  json: T;
  text: string;
  headers: Headers;
}

export class ApiClient {
  cookie = '';

  /**
   * `base`: where requests go unless a call says otherwise; `forwardedFor`: the client address
   * the gateways see (they trust one proxy hop, as behind the Kubernetes ingress).
   */
  constructor(
    readonly base: string,
    readonly options: { forwardedFor?: string; origin?: string } = {},
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    {
      body,
      headers = {},
      base = this.base,
      timeoutMs = 30_000,
    }: { body?: unknown; headers?: Record<string, string>; base?: string; timeoutMs?: number } = {},
  ): Promise<ApiAnswer<T>> {
    const raw = body instanceof Uint8Array;
    const res = await fetch(base + path, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.options.forwardedFor ? { 'x-forwarded-for': this.options.forwardedFor } : {}),
        ...(this.options.origin ? { origin: this.options.origin } : {}),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : raw
            ? new Uint8Array(body as Uint8Array<ArrayBuffer>)
            : JSON.stringify(body),
    });
    this.cookie = cookieAfter(res, this.cookie);
    return readAnswer<T>(res);
  }

  get = <T = Record<string, unknown>>(path: string, options?: { base?: string }) =>
    this.request<T>('GET', path, options);

  post = <T = Record<string, unknown>>(
    path: string,
    body: unknown = {},
    options: { headers?: Record<string, string>; base?: string } = {},
  ) => this.request<T>('POST', path, { ...options, body });

  /** POST that must answer `expected` (200 unless told); its JSON. */
  async postOk<T = Record<string, unknown>>(
    path: string,
    body: unknown = {},
    options: { headers?: Record<string, string>; base?: string; expected?: number } = {},
  ): Promise<T> {
    const answer = await this.post<T>(path, body, options);
    if (answer.status !== (options.expected ?? 200)) {
      throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
    }
    return answer.json;
  }
}
