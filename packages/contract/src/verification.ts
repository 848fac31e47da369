import { z } from 'zod';
import { BRAND_NAME } from './constants';

/**
 * How a brand gets the Verified badge (issue 29, point 10): the criteria it is checked
 * against (SPEC §1's five), the notes it sends for review with an optional document image,
 * and the operator's decision, which the brand sees and is e-mailed.
 */

export const VERIFICATION_CRITERIA = [
  'Materials: at least 80% of what the products are made of is sustainable.',
  'Labour: a living wage, safe conditions, no forced or child labour.',
  'Shipping and packaging: how parcels are packed and sent (carbon offsets are optional).',
  'No animal cruelty: vegan-friendly unless disclosed; beeswax by petition.',
  'Transparency: what the brand says is cross-checked, and its overall impact weighed.',
] as const;

export const VERIFICATION_LIMITS = { notes: 2000, reason: 1000 } as const;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_MESSAGES = {
  materials: 'Tell us about your materials.',
  packaging: 'Tell us about your packaging and shipping.',
  tooLong: (label: string) =>
    `${label} must be at most ${VERIFICATION_LIMITS.notes.toLocaleString('en-US')} characters.`,
  pending: 'Your notes are being reviewed: you can send new ones once this is decided.',
  alreadyVerified: 'This business is verified already.',
  requestNotFound: 'Verification request not found.',
  decided: 'This request has been decided already.',
  reasonRequired: 'Give the brand the reason it was declined.',
  reasonTooLong: `A reason must be at most ${VERIFICATION_LIMITS.reason} characters.`,
  approvedSubject: (business: string) => `${business} is now verified on ${BRAND_NAME}`,
  declinedSubject: (business: string) => `Your ${BRAND_NAME} verification for ${business}`,
  approvedText: (business: string) =>
    `Good news: ${business} now shows the Verified badge on ${BRAND_NAME}.`,
  declinedText: (business: string, reason: string) =>
    `We could not verify ${business} yet. The reason: ${reason}\n\nYou can send new notes from your dashboard at any time.`,
} as const;

const notes = (label: string, required: string) =>
  z
    .string({ error: required })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(VERIFICATION_LIMITS.notes, VERIFICATION_MESSAGES.tooLong(label)),
    );

/** The brand's notes (multipart: these, and `document`, an optional image). */
export const verificationFields = z.object({
  materials: notes('Materials', VERIFICATION_MESSAGES.materials),
  packaging: notes('Packaging', VERIFICATION_MESSAGES.packaging),
  certifications: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(
      z.string().max(VERIFICATION_LIMITS.notes, VERIFICATION_MESSAGES.tooLong('Certifications')),
    ),
});

export const verificationRequest = z.object({
  id: z.number().int(),
  status: z.enum(VERIFICATION_STATUSES),
  materials: z.string(),
  packaging: z.string(),
  certifications: z.string(),
  /** The document image's address, or null. */
  document: z.string().nullable(),
  /** Why it was declined (null otherwise). */
  reason: z.string().nullable(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
});
export type VerificationRequest = z.infer<typeof verificationRequest>;

/** `GET/POST api/business/verification/{businessId}/`: the badge and the latest request. */
export const verificationResponse = z.object({
  verified: z.boolean(),
  request: verificationRequest.nullable(),
});
export type VerificationResponse = z.infer<typeof verificationResponse>;

/** The operator's decline (`POST /ops/verifications/{id}/decline/`). */
export const verificationDeclineBody = z.object({
  reason: z
    .string({ error: VERIFICATION_MESSAGES.reasonRequired })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, VERIFICATION_MESSAGES.reasonRequired)
        .max(VERIFICATION_LIMITS.reason, VERIFICATION_MESSAGES.reasonTooLong),
    ),
});
