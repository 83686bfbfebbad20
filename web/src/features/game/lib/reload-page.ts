/** Reloads the page (its own module so tests can replace it). */
export function reloadPage(): void {
  window.location.reload();
}

/** SPEC 9: the page reloads 1.5 s after a score is submitted. */
export const RELOAD_DELAY_MS = 1500;
