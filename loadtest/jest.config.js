// The load suite's own checks: the k6 scripts in step with the node harness, and a smoke run of
// the mixed workload (loadtest/mixed.mjs --smoke) so the harness does not rot.
module.exports = require('../jest.preset.js').preset(__dirname, { displayName: 'loadtest' });
