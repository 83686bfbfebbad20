/**
 * Time limits of the browser journeys, set for a loaded two-core machine (Chromium, the stack
 * and other test runs share it). Nothing waits for a fixed time: every step waits for what it
 * needs to see, and these only bound how long it may take before the journey fails.
 */

/**
 * One step (a click, a locator's waitFor, a navigation): it gives up long before the journey
 * does, so a failing journey still saves its screenshot.
 */
export const STEP_TIMEOUT_MS = 30_000;

/** One journey, or a beforeAll/afterAll (Chromium starting). Whole games set more. */
export const JOURNEY_TIMEOUT_MS = 120_000;
