import type { ShippingAddress } from '@leafline/contract/cart';
import { SUPPORTED_COUNTRIES } from '@leafline/contract/constants';
import { MESSAGES } from '@leafline/contract/messages';
import { US_STATES } from '@leafline/contract/us-states';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import {
  type AddressField,
  EMPTY_ADDRESS,
  missingAddressFields,
  trimAddress,
} from '@/lib/shipping-address';

/** The form's own texts (SPEC §5 and §8 from the contract). */
export const ADDRESS_FORM_TEXTS = {
  requiredFields: MESSAGES.addressRequiredFields,
  fieldRequired: 'This field is required.',
  addressInvalid: MESSAGES.addressInvalid,
} as const;

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
  /** The saved address to edit, or null for a new one. */
  initial: ShippingAddress | null;
  /** Sends the trimmed address; its rejection (an ApiError) is shown on the form. */
  save: (address: ShippingAddress) => Promise<unknown>;
  saving: boolean;
  onSaved: () => void;
  /** Shown when there is something to go back to. */
  onCancel?: (() => void) | undefined;
  /** The form's accessible name. */
  label?: string;
  submitLabel?: string;
}

/**
 * A shipping address (SPEC §3, §5): required fields are checked here first (trimmed),
 * then by the server, whose message is shown when it sends one. The checkout's address and
 * the account's saved addresses.
 */
export function AddressForm({
  initial,
  save,
  saving,
  onSaved,
  onCancel,
  label = 'Shipping address',
  submitLabel = 'Save address',
}: AddressFormProps) {
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
      setError(ADDRESS_FORM_TEXTS.requiredFields);
      setFieldErrors(Object.fromEntries(missing.map((f) => [f, ADDRESS_FORM_TEXTS.fieldRequired])));
      const first = event.currentTarget.elements.namedItem(missing[0] as string);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    setError(null);
    setFieldErrors({});
    // A promise: the saved address replaces this form, and the answer must still arrive.
    save(trimAddress(values)).then(onSaved, (err: unknown) => {
      setError(errorMessage(err, ADDRESS_FORM_TEXTS.addressInvalid));
      if (isApiError(err) && err.fields) {
        setFieldErrors(err.fields as Partial<Record<AddressField, string>>);
      }
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={label}>
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
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
