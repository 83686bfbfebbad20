// Web tests run in jsdom with Node's fetch (test/jsdom-environment.js), which MSW answers.
// react-router and its dependencies ship ESM only
// (some as .mjs), as do a few of MSW's dependencies, so they are compiled like our sources; CSS
// imports become empty objects.
const path = require('node:path');
const { preset } = require('../jest.preset.js');

const base = preset(__dirname);
const [, swcOptions] = Object.values(base.transform)[0];

module.exports = preset(__dirname, {
  testEnvironment: path.join(__dirname, 'test/jsdom-environment.js'),
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  // MSW's request pipeline settles on queueMicrotask: faked, an aborted request would turn into
  // a 500 answer instead of fetch's AbortError, so tests with fake timers keep the real one.
  fakeTimers: { doNotFake: ['queueMicrotask'] },
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/test/setup.ts'],
  transform: {
    '^.+\\.(tsx?|jsx?|mjs)$': [path.join(__dirname, 'test/swc-transform.js'), swcOptions],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(react-router|@remix-run|cookie-es|rettime|@open-draft/deferred-promise|until-async)/)',
  ],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@/config/env$': path.join(__dirname, 'test/stubs/env.js'),
    // Before '@/': a stylesheet imported by its '@/' path is still a stub.
    '\\.css$': path.join(__dirname, 'test/stubs/style.js'),
    '^@/(.*)$': path.join(__dirname, 'src/$1'),
    '\\.(svg|png|jpg|webp)$': path.join(__dirname, 'test/stubs/file.js'),
  },
});
