/** What the static pages say when their data is missing (their error and empty states). */
export const CONTENT_TEXTS = {
  faqLoadError: 'We could not load the questions just now. Please try again.',
  faqEmpty: 'Our answers are being written. Until then, the shop is open.',
  partnersLoadError: 'We could not load our partners just now. Please try again.',
  partnersEmpty: 'Our partner organisations will be introduced here soon.',
} as const;
