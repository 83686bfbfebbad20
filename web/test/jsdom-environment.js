// jsdom with the web platform pieces it lacks but Node has: react-router builds a Request (with
// an AbortSignal) for every navigation. Node's own classes are used so they work together.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchClasses extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      structuredClone,
    });
  }
}

module.exports = JsdomWithFetchClasses;
