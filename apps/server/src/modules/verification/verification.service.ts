import {
  VERIFICATION_MESSAGES,
  type VerificationRequest,
  type VerificationResponse,
  verificationFields,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import { emailLayout, escapeHtml } from '../../adapters/mail/email-html';
import type { MediaStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { type MultipartForm, refuseUnreadFiles } from '../../lib/multipart-form';
import type { ResponseCache } from '../catalog';
import { queueMail } from '../mail';
import { ImageBatch } from '../media';
import {
  decideRequest,
  findVerification,
  insertRequest,
  listPending,
  requestExists,
  type VerificationRow,
} from './verification.repo';

/**
 * The Verified badge (issue 29, point 10; decision 0046): the brand sends its sustainability
 * notes (and a document image) for review; an operator approves (the business is verified,
 * its storefront and search show it) or declines with a reason; the brand sees the decision on
 * its dashboard and is e-mailed it.
 */

export interface VerificationDeps {
  db: Db;
  storage: MediaStorage;
  jobs: Pick<JobRunner, 'send'>;
  catalogCache: ResponseCache;
}

/** Where document images are stored, under /media/. */
const MEDIA_FOLDER = 'verification';

export function toRequest(row: VerificationRow): VerificationRequest {
  return {
    id: row.id,
    status: row.status,
    materials: row.materials,
    packaging: row.packaging,
    certifications: row.certifications,
    document: mediaUrl(row.document),
    reason: row.reason,
    submitted_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export async function verificationOf(db: Db, businessId: number): Promise<VerificationResponse> {
  const found = await findVerification(db, businessId);
  if (!found) throw notFound();
  return { verified: found.verified, request: found.request ? toRequest(found.request) : null };
}

/** The brand's notes sent for review: a 409 while one is pending or once verified. */
export async function requestVerification(
  deps: VerificationDeps,
  businessId: number,
  form: MultipartForm,
): Promise<VerificationResponse> {
  refuseUnreadFiles(form, ['document']);
  const parsed = verificationFields.safeParse(Object.fromEntries(form.fields));
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    throw badRequest(Object.values(fields)[0]!, fields);
  }
  const current = await findVerification(deps.db, businessId);
  if (!current) throw notFound();
  if (current.verified) throw conflict(VERIFICATION_MESSAGES.alreadyVerified);
  if (current.request?.status === 'pending') throw conflict(VERIFICATION_MESSAGES.pending);
  const batch = new ImageBatch(deps.storage);
  const file = form.files.get('document');
  const document = file ? (await batch.save(MEDIA_FOLDER, file)).key : null;
  const row = await batch.commit(async () => {
    const inserted = await insertRequest(deps.db, { businessId, ...parsed.data, document });
    // Two sends at once: the other one's request is the pending one.
    if (!inserted) throw conflict(VERIFICATION_MESSAGES.pending);
    return inserted;
  });
  return { verified: false, request: toRequest(row) };
}

/** The operator's queue: pending requests, oldest first. */
export async function pendingVerifications(db: Db) {
  const rows = await listPending(db);
  return {
    requests: rows.map(({ request, businessName }) => ({
      ...toRequest(request),
      business: request.businessId,
      business_name: businessName,
    })),
  };
}

/** The operator's decision, e-mailed to the brand in the same transaction. */
export async function decideVerification(
  deps: VerificationDeps,
  rawRequestId: string,
  decision: { status: 'approved' } | { status: 'declined'; reason: string },
): Promise<VerificationRequest> {
  const requestId = parseId(rawRequestId);
  if (requestId === null) throw notFound(VERIFICATION_MESSAGES.requestNotFound);
  const decided = await deps.db.transaction(async (tx) => {
    const done = await decideRequest(tx, requestId, decision);
    if (!done) return undefined;
    if (done.email) {
      const { businessName: name } = done;
      const text =
        decision.status === 'approved'
          ? VERIFICATION_MESSAGES.approvedText(name)
          : VERIFICATION_MESSAGES.declinedText(name, decision.reason);
      const subject =
        decision.status === 'approved'
          ? VERIFICATION_MESSAGES.approvedSubject(name)
          : VERIFICATION_MESSAGES.declinedSubject(name);
      const paragraphs = text
        .split('\n\n')
        .map((part) => `<p style="margin:0 0 16px;">${escapeHtml(part)}</p>`)
        .join('\n');
      await queueMail(deps.jobs, tx, {
        to: done.email,
        subject,
        text,
        html: emailLayout(subject, subject, paragraphs),
      });
    }
    return done.row;
  });
  if (!decided) {
    if (await requestExists(deps.db, requestId)) throw conflict(VERIFICATION_MESSAGES.decided);
    throw notFound(VERIFICATION_MESSAGES.requestNotFound);
  }
  // The badge shows on the storefront and the shop's cards.
  if (decision.status === 'approved') deps.catalogCache.clear();
  return toRequest(decided);
}
