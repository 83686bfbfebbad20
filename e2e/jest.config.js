// Browser journeys against a real stack (auth service + gateway + web build) that globalSetup
// starts on free ports with its own database and Redis prefix. Journeys are independent, so
// Jest may run two files at once.
module.exports = require('../jest.preset.js').preset(__dirname, {
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 60000,
});
