// Web tests run in jsdom. react-router ships ESM only, so it is transformed like our sources;
// CSS imports become empty objects.
const path = require('node:path');
const { preset } = require('../jest.preset.js');

const base = preset(__dirname);

module.exports = preset(__dirname, {
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  transformIgnorePatterns: ['/node_modules/(?!(react-router|cookie|set-cookie-parser)/)'],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@/config/env$': path.join(__dirname, 'test/stubs/env.js'),
    '^@/(.*)$': path.join(__dirname, 'src/$1'),
    '\\.css$': path.join(__dirname, 'test/stubs/style.js'),
    '\\.(svg|png|jpg|webp)$': path.join(__dirname, 'test/stubs/file.js'),
  },
});
