/**
 * Leaves the app for another site (the payment page, payout onboarding): a full page
 * load, not a route. One function, so tests can stand in for the browser's navigation.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
