// The images' tests (docs/operations.md 'Images'): build every image with podman and run the
// whole stack from them, then a player's journey against it; push them to a registry on
// loopback and pin the production overlay to their digests. Not part of `npm test` (minutes on
// a cold cache): `npm run test:images`, which CI runs after it.
module.exports = require('../../jest.preset.js').preset(__dirname, {
  displayName: 'images',
  testMatch: ['<rootDir>/*.test.ts'],
  // One file at a time: the machine's two cores go to the containers and the push.
  maxWorkers: 1,
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
});
