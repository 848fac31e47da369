import {
  type ShopifyManualConnectBody,
  shopifyManualConnectBody,
} from '@leafline/contract/business';
import { SHOPIFY_TEXTS } from '@leafline/contract/shopify';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CardForm } from '@/components/forms/card-form';
import {
  contractResolver,
  formField,
  setServerErrors,
  submitWith,
} from '@/components/forms/form-field';
import { FormFooter } from '@/components/forms/form-footer';
import { type QueryStates, querySection } from '@/components/seller/section-query';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useBusinessOverview } from '@/lib/api/get-business-overview';
import { isApiError } from '@/lib/api-client';
import { useConnectShopify } from '../api/connect-shopify';
import { shopifyErrorText } from '../lib/shopify-error';
import { SHOPIFY_SECTION_TEXTS } from '../lib/shopify-texts';
import { ConnectedStore } from './connected-store';

/** What the section shows while its data loads, or when that failed. */
const LOADING: QueryStates = {
  failedText: SHOPIFY_SECTION_TEXTS.overviewFailed,
  loadingLabel: 'Loading your Shopify connection…',
  shapes: ['h-11 w-full', 'h-11 w-full'],
};

/** Shopify (SPEC §2, §4): the manual connect form, or the connected view. */
export const ShopifySection = querySection(useBusinessOverview, LOADING, (data, businessId) => (
  <div className="flex flex-col gap-4">
    {data.shopify_connected ? (
      <ConnectedStore key={businessId} businessId={businessId} overview={data} />
    ) : (
      <>
        <ConnectForm key={businessId} businessId={businessId} />
        <Notice tone="info">{SHOPIFY_SECTION_TEXTS.syncedOrdersNote}</Notice>
      </>
    )}
  </div>
));

type ConnectValues = {
  shopify_store_url: string;
  access_token: string;
  shopify_api_secret: string;
};

/** The connect form's fields: the store and its token are required; the secret is optional. */
const CONNECT_FIELDS = [
  {
    name: 'shopify_store_url',
    label: SHOPIFY_SECTION_TEXTS.storeUrl,
    hint: SHOPIFY_SECTION_TEXTS.storeUrlHint,
    inputMode: 'url',
    required: true,
  },
  {
    name: 'access_token',
    label: SHOPIFY_SECTION_TEXTS.accessToken,
    hint: SHOPIFY_SECTION_TEXTS.accessTokenHint,
    type: 'password',
    required: true,
  },
  {
    name: 'shopify_api_secret',
    label: SHOPIFY_TEXTS.apiSecret,
    hint: SHOPIFY_TEXTS.apiSecretHint,
    type: 'password',
  },
] as const;

/**
 * The manual connect (SPEC §2): store URL and access token, and the optional API secret key
 * (sent only when filled), checked with the contract's shopifyManualConnectBody.
 */
function ConnectForm({ businessId }: { businessId: number }) {
  const connect = useConnectShopify(businessId);
  const form = useForm<ConnectValues, unknown, ShopifyManualConnectBody>({
    defaultValues: { shopify_store_url: '', access_token: '', shopify_api_secret: '' },
    resolver: contractResolver(shopifyManualConnectBody),
    shouldFocusError: false,
  });
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const onValid = (body: ShopifyManualConnectBody) =>
    connect.mutate(body, {
      onSuccess: () => setStatus({ tone: 'success', message: SHOPIFY_SECTION_TEXTS.connected }),
      onError: (error) => {
        setStatus({
          tone: 'error',
          message: shopifyErrorText(error, SHOPIFY_SECTION_TEXTS.connectFailed),
        });
        if (isApiError(error)) setServerErrors(form, error.fields);
      },
    });

  return (
    <CardForm
      label={SHOPIFY_SECTION_TEXTS.shopifyTitle}
      onSubmit={submitWith(form, onValid, () => setStatus(null))}
      gap="gap-4"
    >
      <p className="text-sm text-ink-muted">{SHOPIFY_SECTION_TEXTS.shopifyIntro}</p>
      {CONNECT_FIELDS.map(({ name, ...field }) => (
        <TextField key={name} autoComplete="off" {...field} {...formField(form, name)} />
      ))}
      <FormFooter
        status={status}
        saving={connect.isPending}
        label={SHOPIFY_SECTION_TEXTS.connect}
      />
    </CardForm>
  );
}
