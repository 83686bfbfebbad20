// @ballmatch/kit: running the stack and playing a game, for tests, e2e, screenshot scripts and
// load tools (never for the services, the gateway or the web app).
export * from './services';
export * from './ranked-game';
export * from './play-out';
export * from './http';
export * from './chromium';
export * from './stores';
