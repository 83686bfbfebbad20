// jsdom 31 (the SVG sanitiser's DOM) needs packages that are ES modules only. Node requires them
// natively; Jest's CommonJS runtime needs them compiled like our own sources.
const esmOnly = [
  '@exodus/bytes',
  'bcp-47',
  'bcp-47-match',
  'is-alphabetical',
  'is-alphanumerical',
  'is-decimal',
  'parse5',
  'parse5-parser-stream',
  'entities',
];

module.exports = require('../../jest.preset.js').preset(__dirname, {
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
});
