/**
 * A fresh load of the current page: the 'Retry', 'Reload Page' and 'Try Again' buttons, and the
 * reload after a score is submitted. Its own module so that tests can replace it.
 */
export function reloadPage(): void {
  window.location.reload();
}
