// The fault suite (`npm run test:faults`): not part of `npm test` (it takes minutes); see
// docs/operations.md 'Scale-out and faults'.
module.exports = require('../jest.preset.js').preset(__dirname, {
  displayName: 'faults',
  testMatch: ['<rootDir>/*.test.ts'],
});
