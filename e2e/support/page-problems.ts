import type { Page } from 'playwright-core';

export interface ConsoleError {
  text: string;
  /** For "Failed to load resource" errors, the resource's URL. */
  url: string;
}

/** What went wrong on a page, as the browser saw it. */
export interface PageProblems {
  consoleErrors: ConsoleError[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  uncaught: string[];
  /** Content-Security-Policy violations reported by the page itself. */
  cspViolations: string[];
}

/**
 * Starts recording a page's problems; call before the first navigation. CSP violations are
 * also caught from the `securitypolicyviolation` event, so they count even if Chromium stops
 * logging them to the console.
 */
export async function watchPage(page: Page): Promise<PageProblems> {
  const problems: PageProblems = { consoleErrors: [], uncaught: [], cspViolations: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.consoleErrors.push({ text: message.text(), url: message.location().url });
    }
  });
  page.on('pageerror', (error) => problems.uncaught.push(error.message));
  await page.exposeFunction('__e2eReportCspViolation', (description: string) => {
    problems.cspViolations.push(description);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (d: string) => void>)
        .__e2eReportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  return problems;
}

/** A failed API call a page is expected to make, e.g. GET /api/user → 401 for a visitor. */
export interface ExpectedFailure {
  path: string;
  status: number;
}

/** Chromium's own line for a failed load; the URL comes with the message's location. */
const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d+)/;
/** The app's fetch layer reporting the same failure (web/src/lib/api-client.ts). */
const APP_API_FAILURE = /^\[api\] [A-Z]+ (\/\S*) failed: (\d+)\b/;

/** The path and status a console error says failed, if it is about a failed request. */
function failedRequest(error: ConsoleError): { path: string; status: string } | undefined {
  const load = FAILED_LOAD.exec(error.text);
  if (load && error.url) return { path: new URL(error.url).pathname, status: load[1] };
  const app = APP_API_FAILURE.exec(error.text);
  if (app) return { path: new URL(app[1], 'http://x').pathname, status: app[2] };
  return undefined;
}

/** Console errors other than the expected failed requests. */
export function unexpectedConsoleErrors(
  errors: ConsoleError[],
  expected: ExpectedFailure[],
): ConsoleError[] {
  return errors.filter((error) => {
    const failed = failedRequest(error);
    return !(
      failed && expected.some((e) => e.path === failed.path && String(e.status) === failed.status)
    );
  });
}
