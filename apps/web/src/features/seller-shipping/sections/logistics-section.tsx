import {
  SHIPPING_FEE_MESSAGES,
  type ShippingFeesResponse,
  shippingFeesBody,
} from '@leafline/contract/cart';
import { COUNTRIES, isCountryCode } from '@leafline/contract/countries';
import { FREE_SHIPPING_RULE_TEXTS } from '@leafline/contract/seller-orders';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CardForm } from '@/components/forms/card-form';
import { contractCheck, errorText, formField, submitWith } from '@/components/forms/form-field';
import { FormFooter, type FormStatus } from '@/components/forms/form-footer';
import { type QueryStates, querySection } from '@/components/seller/section-query';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useShippingFees } from '../api/get-shipping-fees';
import { useSaveShippingFees } from '../api/save-shipping-fees';
import {
  addCountryFee,
  type CountryFeeRow,
  formValuesOf,
  type ShippingFeeValues,
  shippingFeesBodyOf,
} from '../lib/country-fees';
import { SHIPPING_TEXTS } from '../lib/shipping-texts';

/** What the section shows while its data loads, or when that failed. */
const LOADING: QueryStates = {
  failedText: SHIPPING_TEXTS.shippingLoadFailed,
  loadingLabel: 'Loading shipping fees…',
  shapes: ['h-11 w-full', 'h-11 w-full', 'h-24 w-full'],
};

/** Logistics (SPEC §3 Shipping fees config, §5, §7): the business's shipping-fee setting. */
export const LogisticsSection = querySection(useShippingFees, LOADING, (saved, businessId) => (
  <ShippingFeesForm businessId={businessId} saved={saved} />
));

const COUNTRY_OPTIONS = Object.entries(COUNTRIES);

const amountProps = {
  type: 'number',
  inputMode: 'decimal',
  step: '0.01',
  min: '0',
  placeholder: '0.00',
} as const;

/**
 * The business's shipping fees (SPEC §5): the three amounts and the country fees, checked with
 * the contract's shippingFeesBody before they are sent as typed (empty fees as null).
 */
function ShippingFeesForm({
  businessId,
  saved,
}: {
  businessId: number;
  saved: ShippingFeesResponse;
}) {
  const save = useSaveShippingFees(businessId);
  const form = useForm<ShippingFeeValues>({
    defaultValues: formValuesOf(saved),
    resolver: contractCheck(shippingFeesBody),
  });
  const [status, setStatus] = useState<FormStatus>(null);

  const onValid = (values: ShippingFeeValues) =>
    save.mutate(shippingFeesBodyOf(values), {
      onSuccess: (answer) => setStatus({ tone: 'success', message: answer.message }),
      // The spec only logs this failure; a seller is better served by the reason.
      onError: (error) =>
        setStatus({
          tone: 'error',
          message: errorMessage(error, SHIPPING_TEXTS.shippingSaveFailed),
        }),
    });

  return (
    <CardForm
      label={SHIPPING_TEXTS.logisticsTitle}
      onSubmit={submitWith(form, onValid, () => setStatus(null))}
    >
      <p className="text-sm text-ink-muted">{SHIPPING_TEXTS.logisticsIntro}</p>
      <p
        className="rounded-xl bg-sage-50 px-3 py-2 text-sm text-forest-900"
        data-testid="free-shipping-rule"
      >
        {FREE_SHIPPING_RULE_TEXTS.rule}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={SHIPPING_TEXTS.worldwideFee}
          {...amountProps}
          {...formField(form, 'worldwide_shipping_fee')}
        />
        <TextField
          label={SHIPPING_TEXTS.allExceptFee}
          {...amountProps}
          {...formField(form, 'all_except_selected_fee')}
        />
        <TextField
          label={SHIPPING_TEXTS.thresholdFree}
          {...amountProps}
          {...formField(form, 'threshold_free')}
        />
      </div>
      <Controller
        control={form.control}
        name="country_fees"
        render={({ field, fieldState }) => (
          <CountryFees
            rows={field.value}
            onChange={field.onChange}
            error={errorText(fieldState.error)}
          />
        )}
      />
      <FormFooter status={status} saving={save.isPending} label={SHIPPING_TEXTS.shippingSave} />
    </CardForm>
  );
}

/**
 * The country fees (SPEC §5): a code and a fee join the list only when both are filled and the
 * code names a country (ISO 3166, the contract's list, as the server checks it); a code already
 * listed takes the new fee.
 */
function CountryFees({
  rows,
  onChange,
  error,
}: {
  rows: CountryFeeRow[];
  onChange: (rows: CountryFeeRow[]) => void;
  error: string | undefined;
}) {
  const [code, setCode] = useState('');
  const [fee, setFee] = useState('');
  const [entryError, setEntryError] = useState<string | undefined>(undefined);
  const listId = useId();

  const onAdd = () => {
    const next = addCountryFee(rows, code, fee);
    const typed = code.trim().toUpperCase();
    if (!next || !isCountryCode(typed)) {
      setEntryError(
        next
          ? SHIPPING_FEE_MESSAGES.countryUnknown(typed)
          : SHIPPING_FEE_MESSAGES.countryFeeIncomplete,
      );
      return;
    }
    setEntryError(undefined);
    onChange(next);
    setCode('');
    setFee('');
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-300 p-4">
      <legend className="px-1 text-sm font-semibold text-forest-900">
        {SHIPPING_TEXTS.countryFeesTitle}
      </legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <TextField
          label={SHIPPING_TEXTS.countryCode}
          hint={SHIPPING_TEXTS.countryCodeHint}
          value={code}
          maxLength={2}
          autoCapitalize="characters"
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          error={entryError}
          list={`${listId}-countries`}
        />
        {/* The countries to choose from as one types: code, then name. */}
        <datalist id={`${listId}-countries`}>
          {COUNTRY_OPTIONS.map(([value, name]) => (
            <option key={value} value={value} label={name} />
          ))}
        </datalist>
        <TextField
          label={SHIPPING_TEXTS.countryFee}
          value={fee}
          onChange={(event) => setFee(event.target.value)}
          {...amountProps}
        />
        <Button variant="secondary" onClick={onAdd} className="sm:mt-7">
          <Plus aria-hidden="true" className="size-4" />
          {SHIPPING_TEXTS.addCountry}
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-muted">{SHIPPING_TEXTS.noCountryFees}</p>
      ) : (
        <ul aria-label={SHIPPING_TEXTS.countryFeesTitle} className="divide-y divide-sand-200">
          {rows.map((row) => (
            <li key={row.country} className="flex items-center justify-between gap-3 py-2">
              <span className="font-medium">
                {row.country}: {formatMoney(row.fee)}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(rows.filter((other) => other.country !== row.country))}
                aria-label={SHIPPING_TEXTS.removeCountry(row.country)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error ? <p className="text-sm font-medium text-error-fg">{error}</p> : null}
    </fieldset>
  );
}
