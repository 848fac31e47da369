/**
 * Leaves the app for another site (payout onboarding at the payment provider): a full page
 * load, not a route. One function, so tests can stand in for the browser's navigation.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
