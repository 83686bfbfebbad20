/* global jest */
// Every project's tests and hooks (setupFilesAfterEnv of the shared preset): 30 s instead of
// Jest's 5 s, because a harness that starts or stops real services, and drops its database,
// takes longer than that on a loaded 2-core machine. A project `testTimeout` would count only
// when Jest is started with that project's config, not under the root config `npm test` uses.
jest.setTimeout(30_000);
