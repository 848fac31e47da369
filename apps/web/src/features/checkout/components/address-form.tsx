import type { ShippingAddress } from '@leafline/contract/cart';
import { SUPPORTED_COUNTRIES } from '@leafline/contract/constants';
import { US_STATES } from '@leafline/contract/us-states';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
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
const COUNTRY_OPTIONS = SUPPORTED_COUNTRIES.map((code) => ({
  value: code,
  label: COUNTRY_NAMES[code] ?? code,
}));
// The select shows the name and the address stores the two-letter code (A13).
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/** A State saved before the select (free text) is no choice of it: the shopper picks again. */
function startValues(initial: ShippingAddress | null): ShippingAddress {
  if (!initial) return EMPTY_ADDRESS;
  const state = initial.state.trim().toUpperCase();
  return { ...initial, state: STATE_OPTIONS.some((o) => o.value === state) ? state : '' };
}

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
  const [values, setValues] = useState<ShippingAddress>(() => startValues(initial));
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
        <SelectField
          label="State"
          autoComplete="address-level1"
          required
          placeholder="Choose…"
          options={STATE_OPTIONS}
          {...field('state')}
        />
        <TextField
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          {...field('postal_code')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {/* SPEC §2, §9: the US is the only country offered. */}
        <SelectField label="Country" required options={COUNTRY_OPTIONS} {...field('country')} />
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
