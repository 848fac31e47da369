/** Placeholder until the section is built; the dashboard shell renders it for the selected business. */
export function OrdersSection({ businessId }: { businessId: number }) {
  return <p data-business={businessId}>This section is being built.</p>;
}
