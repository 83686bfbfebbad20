// Debian's Chromium, started the way this machine needs it, for every script that drives a
// browser: its path and flags are @ballmatch/kit's (the e2e journeys' too).
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@ballmatch/kit';
import { chromium } from 'playwright-core';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

/** A browser with a fresh temporary profile. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
