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
} as const;
