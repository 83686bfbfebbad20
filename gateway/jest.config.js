// Gateway tests run the real ads and content services from their source: their ES-module-only
// dependencies (jsdom's, sanitize-html's) are compiled the way their own tests compile them.
// Each service's pattern is `/node_modules/(?!(a|b)/)`; one pattern must name them all.
const esmOnly = ['ads', 'content'].flatMap((service) =>
  require(`../services/${service}/jest.config.js`).transformIgnorePatterns.flatMap((pattern) =>
    /\(\?!\((.*)\)\/\)/.exec(pattern)[1].split('|'),
  ),
);

module.exports = require('../jest.preset.js').preset(__dirname, {
  transformIgnorePatterns: [`/node_modules/(?!(${[...new Set(esmOnly)].join('|')})/)`],
});
