// jsdom with the web platform pieces it lacks but Node has: react-router builds a Request (with
// an AbortSignal) for every navigation, and the app's fetch goes through Node's fetch, which the
// tests' MSW server (helpers/api-server.ts) answers. Node's own classes are used so they work
// together; jsdom keeps its own Blob, File, FormData and URL, which its DOM (forms, FileReader)
// needs. Modules resolve as in Node (no 'browser' export condition): msw/node has no browser
// build, as MSW's own Jest + jsdom setup (jest-fixed-jsdom) also does.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.customExportConditions = [''];
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      TextEncoderStream,
      TextDecoderStream,
      ReadableStream,
      WritableStream,
      TransformStream,
      BroadcastChannel,
      structuredClone,
    });
  }
}

module.exports = JsdomWithFetch;
