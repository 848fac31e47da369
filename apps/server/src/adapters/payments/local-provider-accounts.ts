import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localConnectedAccounts } from '../../db/schema/index';
import { accountEventPayload, randomId } from './local-provider-events';
import type { LocalPaymentProvider, LocalProviderState } from './local-provider-types';
import {
  type AccountLinkInput,
  type ConnectedAccountInput,
  PaymentProviderError,
} from './payment-provider';

/**
 * The local provider's connected accounts (local-provider.ts): made here, onboarded through
 * the app's own onboarding page (`${ONBOARDING_PATH}{token}`, modules/payments), after which
 * `account.updated` goes to the webhook route as Stripe sends it.
 */

/** How long an onboarding link works (Stripe's account links expire within minutes too). */
export const ACCOUNT_LINK_MINUTES = 30;

/** Whether an account's onboarding link is used up or past its time (Stripe's links expire). */
export const onboardingLinkExpired = (account: { linkExpiresAt: Date | null }): boolean =>
  !account.linkExpiresAt || account.linkExpiresAt.getTime() <= Date.now();

/** Where the local onboarding page is served: `${ONBOARDING_PATH}{token}`. */
export const ONBOARDING_PATH = '/connect/onboarding/';

async function accountByToken(db: Db, token: string) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select()
    .from(localConnectedAccounts)
    .where(eq(localConnectedAccounts.linkToken, token));
  return row;
}

export function localAccounts({
  db,
  delivery,
}: LocalProviderState): Pick<
  LocalPaymentProvider,
  'createConnectedAccount' | 'createAccountLink' | 'getOnboarding' | 'completeOnboarding'
> {
  return {
    async createConnectedAccount(input: ConnectedAccountInput) {
      const id = randomId('acct_local_');
      await db.insert(localConnectedAccounts).values({
        id,
        businessId: input.businessId,
        email: input.email,
        name: input.name,
      });
      return { id };
    },

    async createAccountLink(input: AccountLinkInput) {
      if (!input.accountId || input.accountId.length > 255) {
        throw new PaymentProviderError(`No such account: ${input.accountId}`);
      }
      const token = randomBytes(24).toString('base64url');
      const link = {
        linkToken: token,
        linkExpiresAt: new Date(Date.now() + ACCOUNT_LINK_MINUTES * 60_000),
        refreshUrl: input.refreshUrl,
        returnUrl: input.returnUrl,
        updatedAt: new Date(),
      };
      // A new link replaces the previous one: only the latest works, as it is single use. An
      // account this provider never made (the demo catalogue's) is taken on as it is.
      await db
        .insert(localConnectedAccounts)
        .values({ id: input.accountId, email: '', name: '', ...link })
        .onConflictDoUpdate({ target: localConnectedAccounts.id, set: link });
      return { url: `${ONBOARDING_PATH}${token}` };
    },

    getOnboarding: (token) => accountByToken(db, token),

    async completeOnboarding(token) {
      const account = await accountByToken(db, token);
      if (!account) return { ok: false, problem: 'not_found' };
      if (onboardingLinkExpired(account)) {
        return { ok: false, problem: 'expired', refreshUrl: account.refreshUrl ?? '/' };
      }
      const done = {
        ...account,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      };
      const payload = accountEventPayload(done);
      // One statement decides: the link is used once (a second press finds no link).
      const [row] = await db
        .update(localConnectedAccounts)
        .set({
          detailsSubmitted: true,
          chargesEnabled: true,
          payoutsEnabled: true,
          linkToken: null,
          linkExpiresAt: null,
          pendingEvent: payload,
          eventDeliveredAt: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(localConnectedAccounts.id, account.id),
            eq(localConnectedAccounts.linkToken, token),
          ),
        )
        .returning();
      if (!row) return { ok: false, problem: 'not_found' };
      const delivered = await delivery.account(row);
      return { ok: true, returnUrl: account.returnUrl ?? '/', delivered };
    },
  };
}
