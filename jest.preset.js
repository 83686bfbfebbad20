// Shared Jest settings for every workspace: TypeScript through SWC (fast, no type check:
// `npm run typecheck` does that), and workspace packages resolved to their sources so tests
// never need a build first.
const path = require('node:path');

const root = __dirname;

/** @param {string} dir the workspace folder @param {object} [overrides] */
function preset(dir, overrides = {}) {
  return {
    displayName: path.relative(root, dir) || 'root',
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
    setupFilesAfterEnv: [path.join(root, 'jest.setup.js')],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2023',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '^@ballmatch/(engine|platform|proto|kit|rules)$': path.join(root, 'packages/$1/src/index.ts'),
      '^@ballmatch/(engine|platform|proto|kit|rules)/(.*)$': path.join(root, 'packages/$1/src/$2'),
    },
    ...overrides,
  };
}

module.exports = { preset };
