import {
  BUSINESS_MESSAGES,
  type RegisterBusinessFields,
  registerBusinessFields,
} from '@leafline/contract/business';
import type { BusinessType } from '@leafline/contract/constants';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BusinessImageFields } from '@/components/forms/business-image-fields';
import {
  type BusinessProfileField,
  BusinessProfileFields,
  type BusinessProfileValues,
  EMPTY_BUSINESS_PROFILE,
} from '@/components/forms/business-profile-fields';
import { contractResolver, setServerErrors } from '@/components/forms/form-field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { leaveApp } from '@/lib/leave-app';
import { useRegisterBusiness } from '../api/register-business';
import { REGISTRATION_TEXTS } from '../lib/registration-texts';

const TYPE_OPTIONS: { value: BusinessType; label: string }[] = [
  { value: 'eco_friendly_company', label: REGISTRATION_TEXTS.ecoFriendly },
  { value: 'individual_seller', label: REGISTRATION_TEXTS.individualSeller },
];

const REQUIRED_INDIVIDUAL = new Set<BusinessProfileField>([
  'name',
  'email',
  'shipping_strategy',
  'price_range',
  'production',
]);
const REQUIRED_ECO = new Set<BusinessProfileField>([...REQUIRED_INDIVIDUAL, 'description']);

type RegistrationValues = BusinessProfileValues & {
  business_type: BusinessType;
  logo: File | null;
  banner: File | null;
};

type Status = { kind: 'idle' } | { kind: 'error'; message: string } | { kind: 'registered' };

/** The fields as the contract read them, then the chosen images: the §7 multipart. */
function registrationForm(fields: RegisterBusinessFields, { logo, banner }: RegistrationValues) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    // Absent fields (the processing time and returns policy left as they are) are not sent.
    if (value !== undefined) form.append(key, String(value));
  }
  if (logo) form.append('logo', logo);
  if (banner) form.append('banner', banner);
  return form;
}

/**
 * SPEC §2 Register Your Business, §4, §5: the profile, the business type, logo and banner,
 * checked with the contract's registerBusinessFields. An Individual Seller has no description
 * or website: the description becomes the §4 text. We send `business_type=individual_seller`
 * then (the spec's form kept eco_friendly_company in its state; the server needs the real type).
 */
export function RegisterBusinessForm({ dashboardPath }: { dashboardPath: string }) {
  const navigate = useNavigate();
  const register = useRegisterBusiness();
  const form = useForm<RegistrationValues, unknown, RegisterBusinessFields>({
    defaultValues: {
      ...EMPTY_BUSINESS_PROFILE,
      business_type: 'eco_friendly_company',
      logo: null,
      banner: null,
    },
    resolver: contractResolver(registerBusinessFields),
  });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const individual = form.watch('business_type') === 'individual_seller';

  const onType = (next: BusinessType) => {
    // SPEC §4: an Individual Seller's description is the fixed text; going back empties it.
    const description = form.getValues('description');
    if (next === 'individual_seller') {
      form.setValue('description', BUSINESS_MESSAGES.individualSellerDescription);
      form.setValue('website', '');
    } else if (description === BUSINESS_MESSAGES.individualSellerDescription) {
      form.setValue('description', '');
    }
  };

  const onValid = (fields: RegisterBusinessFields) => {
    setStatus({ kind: 'idle' });
    register.mutate(registrationForm(fields, form.getValues()), {
      onSuccess: (answer) => {
        setStatus({ kind: 'registered' });
        if (answer.stripe_onboarding_url) leaveApp(answer.stripe_onboarding_url);
        else navigate(`${dashboardPath}?business=${answer.id}`);
      },
      onError: (error) => {
        setStatus({ kind: 'error', message: errorMessage(error, REGISTRATION_TEXTS.failed) });
        if (isApiError(error)) setServerErrors(form, error.fields);
      },
    });
  };
  const onInvalid = () => setStatus({ kind: 'error', message: REGISTRATION_TEXTS.fixFields });

  const sending = register.isPending;
  const done = status.kind === 'registered';
  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        noValidate
        className="flex flex-col gap-5"
        aria-label="Business registration"
      >
        <SelectField
          label={REGISTRATION_TEXTS.businessType}
          options={TYPE_OPTIONS}
          {...form.register('business_type', {
            onChange: (event) => onType(event.target.value as BusinessType),
          })}
        />
        {individual ? (
          <p className="-mt-2 text-sm text-ink-muted">{REGISTRATION_TEXTS.individualNote}</p>
        ) : null}
        <BusinessProfileFields
          required={individual ? REQUIRED_INDIVIDUAL : REQUIRED_ECO}
          hideDescriptionAndWebsite={individual}
        />
        <BusinessImageFields
          logoName="logo"
          labels={REGISTRATION_TEXTS}
          hint={REGISTRATION_TEXTS.imageHint}
        />
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
    </FormProvider>
  );
}
