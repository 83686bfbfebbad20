// Gateway tests run the real ads service from its source: its ES-module-only dependencies
// (jsdom's) are compiled the way its own tests compile them.
const ads = require('../services/ads/jest.config.js');

module.exports = require('../jest.preset.js').preset(__dirname, {
  transformIgnorePatterns: ads.transformIgnorePatterns,
});
