// Leaving the app for another site (the payment provider's page). Its own module so tests can
// stand in for a navigation jsdom cannot make.
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
