// Root-level tests that check files spanning workspaces (deployment manifests and monitoring
// rules against the code).
module.exports = require('../jest.preset.js').preset(__dirname, {
  displayName: 'deploy',
  testMatch: [
    '<rootDir>/deploy/**/*.test.ts',
    '<rootDir>/ops/**/*.test.ts',
    '<rootDir>/lint/**/*.test.ts',
  ],
});
