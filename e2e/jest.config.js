// Browser journeys against a real stack (auth service + gateway + web build) that globalSetup
// starts on free ports with its own database and Redis prefix. One worker: the journeys share
// one stack, and Chromium is heavy on a two-core machine.
module.exports = require('../jest.preset.js').preset(__dirname, {
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 60000,
});
