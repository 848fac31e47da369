import {
  BUSINESS_MESSAGES,
  type BusinessOverview,
  centsToPrice,
  type DashboardResponse,
  deliveryChanges,
  editBusinessFields,
  type RegisterBusinessResponse,
  registerBusinessFields,
  SHOPIFY_MESSAGES,
  type StripeStatus,
} from '@leafline/contract';
import { parseId } from '@leafline/contract/ids';
import type { z } from 'zod';
import {
  type AccountSnapshot,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
} from '../../adapters/payments/payment-provider';
import type { MediaStorage } from '../../adapters/storage/storage';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { type MultipartForm, refuseUnreadFiles } from '../../lib/multipart-form';
import { toPublicBusiness } from '../catalog';
import { ImageBatch } from '../media';
import { PAYOUT_TRANSFER_QUEUE, queuePayoutTransfers, releaseWaitingPayouts } from '../payouts';
import {
  applyStripeStatus,
  type BusinessChanges,
  type BusinessRow,
  businessStats,
  findBusiness,
  findOwnedBusinessBy,
  insertBusiness,
  listOwnedBusinesses,
  lockBusiness,
  storeStripeAccount,
  updateBusiness,
} from './businesses.repo';

/**
 * The seller's business (SPEC §2 Register Your Business, §3, §4, §5; DESIGN 2.8, 2.16):
 * registration with its payout onboarding, the owner's list, overview and edit, and the
 * provider's `account.updated` turned into the business's payout status.
 *
 * Order of registration: images stored → the business row (one transaction; the images are
 * discarded if it fails) → the connected account and its link at the provider, outside any
 * transaction (decision 0011). A provider that fails then leaves a registered business with
 * payouts pending and no link (`stripe_onboarding_url: null`): the dashboard offers a fresh
 * link later (`POST api/api/stripe/onboarding-link/` creates the account when missing). The
 * other order (provider first) would leave an account at the provider for a business that
 * may never be saved, and would make the seller wait on the provider to register at all.
 */

export interface BusinessesDeps {
  db: Db;
  config: Config;
  storage: MediaStorage;
  payments: PaymentProvider;
  log: {
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
}

/** Where uploaded logos and banners are stored. */
const MEDIA_FOLDER = 'businesses';

/** Text fields of a form through a contract schema: a 400 naming every wrong field. */
function parseFields<S extends z.ZodType>(schema: S, fields: Map<string, string>): z.output<S> {
  const result = schema.safeParse(Object.fromEntries(fields));
  if (result.success) return result.data;
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    byField[key] ??= issue.message;
  }
  throw badRequest(Object.values(byField)[0] ?? 'The form is not valid.', byField);
}

/**
 * Stores the form's images of these fields (all or none: one that is not an image removes
 * those stored before it); the keys by field.
 */
async function storeImages(
  batch: ImageBatch,
  form: MultipartForm,
  fieldNames: readonly string[],
): Promise<Record<string, string>> {
  // The image fields this form reads are its only file fields: any other file is a 400.
  refuseUnreadFiles(form, fieldNames);
  const keys: Record<string, string> = {};
  for (const name of fieldNames) {
    const file = form.files.get(name);
    if (file) keys[name] = (await batch.save(MEDIA_FOLDER, file)).key;
  }
  return keys;
}

/** SPEC §4: active when charges and payouts work; restricted once details were sent. */
export function stripeStatusFor(account: AccountSnapshot): StripeStatus {
  if (account.chargesEnabled && account.payoutsEnabled) return 'active';
  if (account.detailsSubmitted) return 'restricted';
  return 'pending';
}

/** Where the provider sends the seller back: the dashboard, with this business selected. */
const dashboardUrl = (config: Config, businessId: number) =>
  `${config.publicUrl}/dashboard/?business=${businessId}`;

/**
 * A fresh onboarding link of the business, creating its connected account first when it has
 * none. Provider calls only, outside any transaction; PaymentProviderError when it fails.
 */
async function onboardingLinkFor(deps: BusinessesDeps, business: BusinessRow): Promise<string> {
  let accountId = business.stripeAccountId;
  if (!accountId) {
    const created = await deps.payments.createConnectedAccount({
      businessId: business.id,
      email: business.email,
      name: business.name,
    });
    accountId = (await storeStripeAccount(deps.db, business.id, created.id)) ?? created.id;
  }
  const url = dashboardUrl(deps.config, business.id);
  const link = await deps.payments.createAccountLink({
    accountId,
    refreshUrl: url,
    returnUrl: url,
  });
  return link.url;
}

/** `POST api/registerbiz/`: the caller's new business, then its payout onboarding. */
export async function registerBusiness(
  deps: BusinessesDeps,
  userId: number,
  form: MultipartForm,
): Promise<RegisterBusinessResponse> {
  const fields = parseFields(registerBusinessFields, form.fields);
  const individual = fields.business_type === 'individual_seller';
  const batch = new ImageBatch(deps.storage);
  const images = await storeImages(batch, form, ['logo', 'banner']);
  const business = await batch.commit(() =>
    deps.db.transaction((tx) =>
      insertBusiness(tx, {
        ownerId: userId,
        name: fields.name,
        // SPEC §4: an individual seller's description says it is not verified.
        description:
          individual && !fields.description
            ? BUSINESS_MESSAGES.individualSellerDescription
            : fields.description,
        email: fields.email,
        website: fields.website,
        businessType: fields.business_type,
        shippingStrategy: fields.shipping_strategy,
        priceRange: fields.price_range,
        production: fields.production,
        logo: images.logo ?? null,
        banner: images.banner ?? null,
        // Processing time and returns policy (decision 0052): the defaults unless sent.
        ...deliveryChanges(fields),
      }),
    ),
  );

  let url: string | null = null;
  try {
    url = await onboardingLinkFor(deps, business);
  } catch (error) {
    // Registered all the same: the dashboard offers the link again (see the top of the file).
    const log = error instanceof PaymentProviderError ? deps.log.warn : deps.log.error;
    log.call(deps.log, { err: error, businessId: business.id }, 'payout onboarding not started');
  }
  return { id: business.id, message: BUSINESS_MESSAGES.registered, stripe_onboarding_url: url };
}

/** The edit form's optional fields: a field the form does not send keeps its value. */
const OPTIONAL_EDIT_FIELDS = {
  description: 'description',
  website: 'website',
  shipping_strategy: 'shippingStrategy',
  price_range: 'priceRange',
  production: 'production',
} as const;

/** `POST api/business/edit/{businessId}/`: the owner's edit; new images replace the old. */
export async function editBusiness(
  deps: BusinessesDeps,
  businessId: number,
  form: MultipartForm,
): Promise<BusinessOverview> {
  const fields = parseFields(editBusinessFields, form.fields);
  const changes: BusinessChanges = { name: fields.name, email: fields.email };
  for (const [field, column] of Object.entries(OPTIONAL_EDIT_FIELDS)) {
    if (form.fields.has(field))
      changes[column] = fields[field as keyof typeof OPTIONAL_EDIT_FIELDS];
  }
  // Where new-order e-mails go (issue 24 point 7): '' is the owner's account e-mail.
  if (fields.order_email !== undefined) changes.orderEmail = fields.order_email || null;
  // Processing time and returns policy (decision 0052): only the fields the form sent.
  Object.assign(changes, deliveryChanges(fields));
  const batch = new ImageBatch(deps.storage);
  const images = await storeImages(batch, form, ['logonew', 'banner']);
  await batch.commit(() =>
    deps.db.transaction(async (tx) => {
      const before = await lockBusiness(tx, businessId);
      if (!before) throw notFound(BUSINESS_MESSAGES.businessNotFound);
      if (images.logonew) {
        changes.logo = images.logonew;
        batch.removeLater(before.logo);
      }
      if (images.banner) {
        changes.banner = images.banner;
        batch.removeLater(before.banner);
      }
      await updateBusiness(tx, businessId, changes);
    }),
  );
  return getOverview(deps, businessId);
}

/** `GET api/business/dashboard/`: the caller's open businesses, oldest first. */
export async function listDashboard(
  deps: Pick<BusinessesDeps, 'db'>,
  userId: number,
): Promise<DashboardResponse> {
  const rows = await listOwnedBusinesses(deps.db, userId);
  return {
    businesses: rows.map((b) => ({
      id: b.id,
      name: b.name,
      logonew: mediaUrl(b.logo),
      verified: b.verified,
      stripe_status: b.stripeStatus,
    })),
  };
}

/** `GET api/business/overview/{businessId}/` (the guard checked the owner). */
export async function getOverview(
  deps: Pick<BusinessesDeps, 'db'>,
  businessId: number,
): Promise<BusinessOverview> {
  const b = await findBusiness(deps.db, businessId);
  if (!b) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  const stats = await businessStats(deps.db, businessId);
  return {
    ...toPublicBusiness(b),
    stripe_account_id: b.stripeAccountId,
    stripe_status: b.stripeStatus,
    shopify_store_url: b.shopifyStoreUrl,
    shopify_connected: Boolean(b.shopifyAccessToken),
    shopify_order_sync: b.shopifyOrderSync,
    order_email: b.orderEmail ?? '',
    processing_days: b.processingDays,
    returns_accepted: b.returnsAccepted,
    returns_days: b.returnsDays,
    stats: {
      product_count: stats.productCount,
      order_count: stats.orderCount,
      to_ship_count: stats.toShipCount,
      payouts_total: centsToPrice(stats.payoutsTotalCents),
      payouts_waiting: centsToPrice(stats.payoutsWaitingCents),
    },
  };
}

/**
 * `PUT api/business/overview/{businessId}/`: the order-sync toggle. On needs a connected store
 * (409 otherwise, so the dashboard's optimistic toggle reverts, SPEC §4); off always works.
 */
export async function setOrderSync(
  deps: Pick<BusinessesDeps, 'db'>,
  businessId: number,
  shopifyOrderSync: boolean,
): Promise<BusinessOverview> {
  await deps.db.transaction(async (tx) => {
    // Locked: a disconnect at the same moment runs before or after, never between.
    const business = await lockBusiness(tx, businessId);
    if (shopifyOrderSync && !(business?.shopifyAccessToken && business.shopifyStoreUrl)) {
      throw conflict(SHOPIFY_MESSAGES.orderSyncNeedsStore);
    }
    await updateBusiness(tx, businessId, { shopifyOrderSync });
  });
  return getOverview(deps, businessId);
}

/**
 * `POST api/api/stripe/onboarding-link/`: a fresh link for the caller's business named by its
 * account and/or its id; 404 for anything the caller does not own, 409 once payouts work,
 * 502 when the provider fails.
 */
export async function createOnboardingLink(
  deps: BusinessesDeps,
  userId: number,
  body: { account_id?: string | undefined; business_id?: number | string | undefined },
): Promise<{ onboarding_url: string }> {
  const accountId = body.account_id?.trim() || undefined;
  const rawBusinessId =
    body.business_id === undefined || body.business_id === '' ? undefined : body.business_id;
  if (accountId === undefined && rawBusinessId === undefined) {
    throw badRequest(BUSINESS_MESSAGES.onboardingTargetMissing);
  }
  let businessId: number | undefined;
  if (rawBusinessId !== undefined) {
    const parsed = parseId(String(rawBusinessId));
    if (parsed === null) throw notFound(BUSINESS_MESSAGES.businessNotFound);
    businessId = parsed;
  }
  const business = await findOwnedBusinessBy(deps.db, userId, {
    ...(businessId !== undefined ? { businessId } : {}),
    ...(accountId !== undefined ? { accountId } : {}),
  });
  if (!business) throw notFound(BUSINESS_MESSAGES.businessNotFound);
  if (business.stripeStatus === 'active') {
    throw conflict(BUSINESS_MESSAGES.payoutsAlreadyActive);
  }
  try {
    return { onboarding_url: await onboardingLinkFor(deps, business) };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.warn({ err: error, businessId: business.id }, 'onboarding link failed');
    throw new AppError(502, BUSINESS_MESSAGES.providerUnavailable);
  }
}

/**
 * `account.updated` (Stripe's, or the local provider's): the payout status of the businesses
 * with that account, in one transaction with the event id (a replay changes nothing; an older
 * snapshot arriving late neither). A business that became active gets a transfer job per
 * waiting payout, committed with its status, and this instance's workers are woken after.
 */
export async function applyAccountUpdate(
  deps: Pick<BusinessesDeps, 'db' | 'payments'> & {
    jobs: Pick<JobRunner, 'send' | 'sendEach' | 'wake'>;
  },
  event: PaymentEvent,
  /** The payments module's ledger: records the event id in `tx`, false if handled before. */
  recordEvent: (tx: Db) => Promise<boolean>,
): Promise<'account_updated' | 'duplicate' | 'unchanged'> {
  const account = event.account;
  if (!account) return 'unchanged';
  const status = stripeStatusFor(account);
  const result = await deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx))) return null;
    const changed = await applyStripeStatus(tx, account.id, status, event.created ?? new Date());
    const activated = status === 'active' ? changed.map((c) => c.id) : [];
    const orderIds = await releaseWaitingPayouts(tx, activated);
    await queuePayoutTransfers(deps.jobs, tx, orderIds);
    return { changed: changed.length > 0, orderIds };
  });
  if (!result) return 'duplicate';
  if (result.orderIds.length) deps.jobs.wake(PAYOUT_TRANSFER_QUEUE);
  return result.changed ? 'account_updated' : 'unchanged';
}
