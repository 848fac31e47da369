import { BUSINESS_MESSAGES } from '@leafline/contract/business';
import { MESSAGES } from '@leafline/contract/messages';

/** Texts of the dashboard's edit-business section (SPEC §2, §5, §8); the §8 ones from the contract. */
export const BUSINESS_SETTINGS_TEXTS = {
  overviewFailed: BUSINESS_MESSAGES.overviewFailed,
  editTitle: 'Edit business',
  editSave: 'Save changes',
  updated: BUSINESS_MESSAGES.updated,
  updateFailed: BUSINESS_MESSAGES.updateFailed,
  somethingWentWrong: MESSAGES.somethingWentWrong,
  logo: 'Logo',
  banner: 'Banner',
  imageHint: 'Optional. Choose a new image to replace the current one.',
  /** Issue 29, point 10: how to get the Verified badge. */
  verification: {
    title: 'The Verified badge',
    intro:
      'Verified brands show a badge on their storefront. We check these five criteria against what you tell us, and cross-check it:',
    loading: 'Loading your verification…',
    failed: 'Your verification could not be loaded. Please try again.',
    verified: 'Your business is verified: your storefront shows the badge.',
    pending: (date: string) =>
      `Your notes, sent on ${date}, are being reviewed. We will e-mail you the decision.`,
    declined: (reason: string) =>
      `Not verified yet. The reviewer said: ${reason} You can send new notes below.`,
    formLabel: 'Notes for verification',
    materials: 'Materials',
    materialsHint: 'What your products are made of, and how much of it is sustainable.',
    packaging: 'Packaging and shipping',
    packagingHint: 'How parcels are packed and sent.',
    certifications: 'Certifications',
    certificationsHint: 'Optional: GOTS, Fair Trade, B Corp… with their numbers.',
    document: 'Document',
    documentHint: 'Optional: a picture of a certificate or an audit.',
    send: 'Send for review',
    sending: 'Sending…',
    sendFailed: 'Your notes could not be sent. Please try again.',
  },
} as const;
