// sanitize-html parses with htmlparser2, whose packages are ES modules only. Node requires them
// natively; Jest's CommonJS runtime needs them compiled like our own sources.
const esmOnly = [
  'htmlparser2',
  'domhandler',
  'domutils',
  'domelementtype',
  'dom-serializer',
  'entities',
];

module.exports = require('../../jest.preset.js').preset(__dirname, {
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
});
