/**
 * Debian's Chromium, started the way these machines need it (no sandbox as root, no background
 * network calls to hosts it cannot reach), for everything that drives a browser: the e2e
 * journeys and the web app's screenshot scripts. CHROMIUM_PATH moves it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
