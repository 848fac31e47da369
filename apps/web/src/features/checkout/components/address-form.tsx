import type { ShippingAddress } from '@leafline/contract/cart';
import { SUPPORTED_COUNTRIES } from '@leafline/contract/constants';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSaveShippingAddress } from '../api/save-shipping-address';
import {
  type AddressField,
  EMPTY_ADDRESS,
  missingAddressFields,
  trimAddress,
} from '../lib/address';
import { CHECKOUT_TEXTS } from '../lib/checkout-texts';

const COUNTRY_NAMES: Record<string, string> = { US: 'United States' };

export interface AddressFormProps {
  /** The saved address to edit, or null for a first one. */
  initial: ShippingAddress | null;
  onSaved: () => void;
  /** Shown when there is a saved address to go back to. */
  onCancel?: (() => void) | undefined;
}

/**
 * The shipping address (SPEC §3, §5): required fields are checked here first (trimmed),
 * then by the server, whose message is shown when it sends one.
 */
export function AddressForm({ initial, onSaved, onCancel }: AddressFormProps) {
  const save = useSaveShippingAddress();
  const countryId = useId();
  const [values, setValues] = useState<ShippingAddress>(initial ?? EMPTY_ADDRESS);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<AddressField, string>>>({});

  const field = (name: AddressField) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingAddressFields(values);
    if (missing.length > 0) {
      setError(CHECKOUT_TEXTS.requiredFields);
      setFieldErrors(Object.fromEntries(missing.map((f) => [f, CHECKOUT_TEXTS.fieldRequired])));
      const first = event.currentTarget.elements.namedItem(missing[0] as string);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    setError(null);
    setFieldErrors({});
    // mutateAsync: the saved address replaces this form, and the answer must still arrive.
    save.mutateAsync(trimAddress(values)).then(onSaved, (err: unknown) => {
      setError(errorMessage(err, CHECKOUT_TEXTS.addressInvalid));
      if (isApiError(err) && err.fields) {
        setFieldErrors(err.fields as Partial<Record<AddressField, string>>);
      }
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Shipping address"
    >
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" required {...field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" required {...field('last_name')} />
      </div>
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        required
        {...field('address_line1')}
      />
      <TextField
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        {...field('address_line2')}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField label="City" autoComplete="address-level2" required {...field('city')} />
        <TextField label="State" autoComplete="address-level1" required {...field('state')} />
        <TextField
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          {...field('postal_code')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline gap-0.5">
            <label htmlFor={countryId} className="text-sm font-medium text-forest-900">
              Country
            </label>
            <span aria-hidden="true" className="text-sm text-clay-700">
              *
            </span>
          </div>
          {/* SPEC §2, §9: the US is the only country offered. */}
          <select
            id={countryId}
            name="country"
            required
            value={values.country}
            onChange={(event) => setValues((v) => ({ ...v, country: event.target.value }))}
            className="min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3.5 py-2 text-base text-ink shadow-sm hover:border-sage-400"
          >
            {SUPPORTED_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {COUNTRY_NAMES[code] ?? code}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          required
          {...field('phone_number')}
        />
      </div>
      <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={save.isPending}>
          Save address
        </Button>
      </div>
    </form>
  );
}
