/** Leaves the app for the payment provider's hosted page (a full page load, not a route). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}
