/** A fresh load of the current page (SPEC 2: the high-scores Retry button reloads the page). */
export function reloadPage(): void {
  window.location.reload();
}
