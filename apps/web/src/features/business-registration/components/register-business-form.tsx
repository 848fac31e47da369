import { BUSINESS_MESSAGES, registerBusinessFields } from '@leafline/contract/business';
import type { BusinessType } from '@leafline/contract/constants';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type BusinessProfileField,
  BusinessProfileFields,
  type BusinessProfileValues,
  EMPTY_BUSINESS_PROFILE,
} from '@/components/forms/business-profile-fields';
import { ImageFileField } from '@/components/forms/image-file-field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { leaveApp } from '@/lib/leave-app';
import { useRegisterBusiness } from '../api/register-business';
import { REGISTRATION_TEXTS } from '../lib/registration-texts';

const TYPE_OPTIONS: { value: BusinessType; label: string }[] = [
  { value: 'eco_friendly_company', label: REGISTRATION_TEXTS.ecoFriendly },
  { value: 'individual_seller', label: REGISTRATION_TEXTS.individualSeller },
];

const REQUIRED_ECO = new Set<BusinessProfileField>([
  'name',
  'description',
  'email',
  'shipping_strategy',
  'price_range',
  'production',
]);
const REQUIRED_INDIVIDUAL = new Set<BusinessProfileField>([
  'name',
  'email',
  'shipping_strategy',
  'price_range',
  'production',
]);

type Status = { kind: 'idle' } | { kind: 'error'; message: string } | { kind: 'registered' };

/**
 * SPEC §2 Register Your Business, §4, §5: the profile, the business type, logo and banner.
 * An Individual Seller has no description or website: the description becomes the §4 text.
 * We send `business_type=individual_seller` then (the spec's form kept eco_friendly_company
 * in its state; the server needs the real type).
 */
export function RegisterBusinessForm({ dashboardPath }: { dashboardPath: string }) {
  const navigate = useNavigate();
  const register = useRegisterBusiness();
  const [values, setValues] = useState<BusinessProfileValues>(EMPTY_BUSINESS_PROFILE);
  const [businessType, setBusinessType] = useState<BusinessType>('eco_friendly_company');
  const [logo, setLogo] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const individual = businessType === 'individual_seller';

  const onField = (field: BusinessProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const onType = (next: BusinessType) => {
    setBusinessType(next);
    setValues((current) => ({
      ...current,
      // SPEC §4: an Individual Seller's description is the fixed text; going back empties it.
      description:
        next === 'individual_seller'
          ? BUSINESS_MESSAGES.individualSellerDescription
          : current.description === BUSINESS_MESSAGES.individualSellerDescription
            ? ''
            : current.description,
      website: next === 'individual_seller' ? '' : current.website,
    }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = { ...values, business_type: businessType };
    const checked = registerBusinessFields.safeParse(fields);
    if (!checked.success) {
      const found = fieldErrorsOf(checked);
      setErrors(found);
      setStatus({ kind: 'error', message: REGISTRATION_TEXTS.fixFields });
      const first = Object.keys(found)[0];
      const control = first ? event.currentTarget.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setErrors({});
    setStatus({ kind: 'idle' });
    const form = new FormData();
    for (const [key, value] of Object.entries(checked.data)) form.append(key, value);
    if (logo) form.append('logo', logo);
    if (banner) form.append('banner', banner);
    register.mutate(form, {
      onSuccess: (answer) => {
        setStatus({ kind: 'registered' });
        if (answer.stripe_onboarding_url) leaveApp(answer.stripe_onboarding_url);
        else navigate(`${dashboardPath}?business=${answer.id}`);
      },
      onError: (error) => {
        setStatus({ kind: 'error', message: errorMessage(error, REGISTRATION_TEXTS.failed) });
        if (isApiError(error) && error.fields) setErrors(error.fields);
      },
    });
  };

  const sending = register.isPending;
  const done = status.kind === 'registered';

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Business registration"
    >
      <SelectField
        label={REGISTRATION_TEXTS.businessType}
        name="business_type"
        options={TYPE_OPTIONS}
        value={businessType}
        onChange={(event) => onType(event.target.value as BusinessType)}
      />
      {individual ? (
        <p className="-mt-2 text-sm text-ink-muted">{REGISTRATION_TEXTS.individualNote}</p>
      ) : null}
      <BusinessProfileFields
        values={values}
        errors={errors}
        onChange={onField}
        required={individual ? REQUIRED_INDIVIDUAL : REQUIRED_ECO}
        hideDescriptionAndWebsite={individual}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <ImageFileField
          label={REGISTRATION_TEXTS.logo}
          name="logo"
          file={logo}
          onChange={setLogo}
          error={errors.logo}
          hint={REGISTRATION_TEXTS.imageHint}
        />
        <ImageFileField
          label={REGISTRATION_TEXTS.banner}
          name="banner"
          file={banner}
          onChange={setBanner}
          error={errors.banner}
          hint={REGISTRATION_TEXTS.imageHint}
          shape="wide"
        />
      </div>
      {status.kind === 'error' ? <Notice tone="error">{status.message}</Notice> : null}
      {done ? <Notice tone="success">{REGISTRATION_TEXTS.registered}</Notice> : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          size="lg"
          loading={sending}
          disabled={done}
          className="w-full sm:w-auto"
        >
          {sending ? REGISTRATION_TEXTS.processing : REGISTRATION_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}
