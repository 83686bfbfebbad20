// @swc/jest, plus one rewrite: react-router's ESM build reads `import.meta.hot` (Vite's HMR
// handle), which cannot exist in the CommonJS that Jest runs. Under Jest there is no HMR, so
// it becomes `undefined` before SWC compiles the file.
const { createTransformer } = require('@swc/jest');

const IMPORT_META_HOT = /\bimport\.meta\.hot\b/g;
const rewrite = (source) => source.replace(IMPORT_META_HOT, 'undefined');

module.exports = {
  createTransformer(swcOptions) {
    const inner = createTransformer(swcOptions);
    return {
      ...inner,
      process: (source, filename, options) => inner.process(rewrite(source), filename, options),
      processAsync: (source, filename, options) =>
        inner.processAsync(rewrite(source), filename, options),
      getCacheKey: (source, filename, options) =>
        inner.getCacheKey(rewrite(source), filename, options),
    };
  },
};
