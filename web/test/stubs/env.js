// Stand-in for src/config/env.ts (which reads import.meta.env, unavailable under Jest).
module.exports = { env: { DEV: false } };
