import {
  type BusinessOverview,
  type EditBusinessFields,
  editBusinessFields,
  ORDER_EMAIL_TEXTS,
} from '@leafline/contract/business';
import { DELIVERY_DEFAULTS } from '@leafline/contract/delivery-texts';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { BusinessImageFields } from '@/components/forms/business-image-fields';
import {
  type BusinessProfileField,
  BusinessProfileFields,
  type BusinessProfileValues,
} from '@/components/forms/business-profile-fields';
import { CardForm } from '@/components/forms/card-form';
import {
  contractResolver,
  formField,
  setServerErrors,
  submitWith,
} from '@/components/forms/form-field';
import { FormFooter, type FormStatus } from '@/components/forms/form-footer';
import { type QueryStates, querySection } from '@/components/seller/section-query';
import { TextField } from '@/components/ui/text-field';
import { useBusinessOverview } from '@/lib/api/get-business-overview';
import { ApiError } from '@/lib/api-client';
import { useEditBusiness } from '../api/edit-business';
import { DeliveryFields, type DeliveryValues } from '../components/delivery-fields';
import { VerificationPanel } from '../components/verification-panel';
import { BUSINESS_SETTINGS_TEXTS } from '../lib/business-settings-texts';

const REQUIRED = new Set<BusinessProfileField>(['name', 'email']);

type Status = NonNullable<FormStatus>;

/** What the section shows while its data loads, or when that failed. */
const LOADING: QueryStates = {
  failedText: BUSINESS_SETTINGS_TEXTS.overviewFailed,
  loadingLabel: 'Loading your business…',
  shapes: ['h-11 w-full', 'h-28 w-full', 'h-11 w-full'],
};

/** Edit business (SPEC §2, §5, §7): the profile form over the overview, sent as multipart. */
export const EditBusinessSection = querySection(
  useBusinessOverview,
  LOADING,
  (overview, businessId) => (
    <>
      <EditBusinessForm businessId={businessId} overview={overview} />
      {/* Issue 29, point 10: how to get the Verified badge. */}
      <VerificationPanel businessId={businessId} />
    </>
  ),
);

type EditValues = BusinessProfileValues &
  DeliveryValues & {
    /** Where new-order e-mails go (issue 24 point 7); '' is the owner's account e-mail. */
    order_email: string;
    logonew: File | null;
    banner: File | null;
  };

function valuesOf(overview: BusinessOverview): EditValues {
  return {
    name: overview.name,
    description: overview.description,
    email: overview.email,
    website: overview.website,
    shipping_strategy: overview.shipping_strategy,
    price_range: overview.price_range,
    production: overview.production,
    order_email: overview.order_email,
    processing_days: String(overview.processing_days),
    returns_accepted: overview.returns_accepted,
    // Ticking "Accept returns" again starts from the usual window.
    returns_days: String(overview.returns_days ?? DELIVERY_DEFAULTS.returnsDays),
    logonew: null,
    banner: null,
  };
}

/** SPEC §8: a refused save says 'Failed to update business.' (with the server's reason beside it); no answer at all says 'Something went wrong.'. */
function failureOf(error: unknown): Status {
  if (!(error instanceof ApiError)) {
    return { tone: 'error', message: BUSINESS_SETTINGS_TEXTS.somethingWentWrong };
  }
  const { updateFailed } = BUSINESS_SETTINGS_TEXTS;
  return {
    tone: 'error',
    message: updateFailed,
    detail: error.hasServerMessage && error.message !== updateFailed ? error.message : undefined,
  };
}

function EditBusinessForm({
  businessId,
  overview,
}: {
  businessId: number;
  overview: BusinessOverview;
}) {
  const edit = useEditBusiness(businessId);
  const form = useForm<EditValues, unknown, EditBusinessFields>({
    defaultValues: valuesOf(overview),
    resolver: contractResolver(editBusinessFields),
  });
  const [status, setStatus] = useState<Status | null>(null);
  // A new file input each save, so a sent file is not offered again.
  const [saves, setSaves] = useState(0);

  const onValid = (fields: EditBusinessFields) => {
    const { logonew, banner } = form.getValues();
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      // Absent fields (the processing time and returns policy left as they are) are not sent.
      if (value !== undefined) body.append(key, String(value));
    }
    if (logonew) body.append('logonew', logonew);
    if (banner) body.append('banner', banner);
    edit.mutate(body, {
      onSuccess: () => {
        form.setValue('logonew', null);
        form.setValue('banner', null);
        setSaves((n) => n + 1);
        setStatus({ tone: 'success', message: BUSINESS_SETTINGS_TEXTS.updated });
      },
      onError: (error) => {
        setStatus(failureOf(error));
        if (error instanceof ApiError) setServerErrors(form, error.fields);
      },
    });
  };

  return (
    <FormProvider {...form}>
      <CardForm
        label={BUSINESS_SETTINGS_TEXTS.editTitle}
        onSubmit={submitWith(form, onValid, () => setStatus(null))}
      >
        <BusinessProfileFields
          required={REQUIRED}
          hideDescriptionAndWebsite={overview.business_type === 'individual_seller'}
        />
        <TextField
          type="email"
          autoComplete="email"
          label={ORDER_EMAIL_TEXTS.label}
          hint={ORDER_EMAIL_TEXTS.hint}
          {...formField(form, 'order_email')}
        />
        <DeliveryFields form={form} />
        <BusinessImageFields
          key={saves}
          logoName="logonew"
          labels={BUSINESS_SETTINGS_TEXTS}
          hint={BUSINESS_SETTINGS_TEXTS.imageHint}
          current={{ logo: overview.logonew, banner: overview.banner }}
        />
        <FormFooter
          status={status}
          saving={edit.isPending}
          label={BUSINESS_SETTINGS_TEXTS.editSave}
        />
      </CardForm>
    </FormProvider>
  );
}
