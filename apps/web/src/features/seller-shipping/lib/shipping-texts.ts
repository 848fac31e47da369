/** Texts of the dashboard's shipping-fees section (SPEC §2 logistics, §5). */
export const SHIPPING_TEXTS = {
  logisticsTitle: 'Shipping fees',
  logisticsIntro:
    'Your rates per order. A country’s own fee wins, then the fee for all other countries, then the worldwide fee. Leave a field empty for none.',
  worldwideFee: 'Worldwide shipping fee ($)',
  allExceptFee: 'Fee for all countries except those listed ($)',
  thresholdFree: 'Free shipping from an order of ($, optional)',
  countryFeesTitle: 'Country fees',
  countryCode: 'Country code',
  countryCodeHint: 'Two letters, like US or CA.',
  countryFee: 'Fee ($)',
  addCountry: 'Add country fee',
  removeCountry: (code: string) => `Remove ${code}`,
  noCountryFees: 'No country fees yet.',
  shippingSave: 'Save shipping fees',
  shippingLoadFailed: 'Failed to load shipping fees.',
  shippingSaveFailed: 'Failed to save shipping fees.',
} as const;
