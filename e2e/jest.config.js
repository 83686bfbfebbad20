// Browser journeys against a real stack (auth service + gateway + web build) that globalSetup
// starts on free ports with its own database and Redis prefix. Journeys are independent, so
// Jest may run two files at once. Their time limit (support/timeouts.ts) is set by a setup
// file, not `testTimeout`: Jest ignores a project's `testTimeout` under the root config.
module.exports = require('../jest.preset.js').preset(__dirname, {
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/support/setup-timeouts.ts'],
});
