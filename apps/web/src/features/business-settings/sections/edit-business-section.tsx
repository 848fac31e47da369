import {
  type BusinessOverview,
  editBusinessFields,
  ORDER_EMAIL_TEXTS,
} from '@leafline/contract/business';
import { type FormEvent, useState } from 'react';
import {
  type BusinessProfileField,
  BusinessProfileFields,
  type BusinessProfileValues,
} from '@/components/forms/business-profile-fields';
import { ImageFileField } from '@/components/forms/image-file-field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { QueryView } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useBusinessOverview } from '@/lib/api/get-business-overview';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useEditBusiness } from '../api/edit-business';
import { BUSINESS_SETTINGS_TEXTS } from '../lib/business-settings-texts';

const REQUIRED = new Set<BusinessProfileField>(['name', 'email']);

type Status =
  | { tone: 'success'; message: string }
  | { tone: 'error'; message: string; detail?: string | undefined };

/** Edit business (SPEC §2, §5, §7): the profile form over the overview, sent as multipart. */
export function EditBusinessSection({ businessId }: { businessId: number }) {
  const overview = useBusinessOverview(businessId);
  return (
    <QueryView
      query={overview}
      failedText={BUSINESS_SETTINGS_TEXTS.overviewFailed}
      loading={
        <LoadingRegion label="Loading your business…" className="grid gap-4">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-11 w-full" />
        </LoadingRegion>
      }
    >
      {(data) => <EditBusinessForm businessId={businessId} overview={data} />}
    </QueryView>
  );
}

function valuesOf(overview: BusinessOverview): BusinessProfileValues {
  return {
    name: overview.name,
    description: overview.description,
    email: overview.email,
    website: overview.website,
    shipping_strategy: overview.shipping_strategy,
    price_range: overview.price_range,
    production: overview.production,
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
  const [values, setValues] = useState<BusinessProfileValues>(() => valuesOf(overview));
  // Where new-order e-mails go (issue 24 point 7); '' is the owner's account e-mail.
  const [orderEmail, setOrderEmail] = useState(overview.order_email);
  const [logo, setLogo] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status | null>(null);
  // A new file input each save, so a sent file is not offered again.
  const [saves, setSaves] = useState(0);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    const checked = editBusinessFields.safeParse({ ...values, order_email: orderEmail });
    if (!checked.success) {
      const found = fieldErrorsOf(checked);
      setErrors(found);
      const first = Object.keys(found)[0];
      const control = first ? event.currentTarget.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setErrors({});
    const form = new FormData();
    for (const [key, value] of Object.entries(checked.data)) form.append(key, value);
    if (logo) form.append('logonew', logo);
    if (banner) form.append('banner', banner);
    edit.mutate(form, {
      onSuccess: () => {
        setLogo(null);
        setBanner(null);
        setSaves((n) => n + 1);
        setStatus({ tone: 'success', message: BUSINESS_SETTINGS_TEXTS.updated });
      },
      onError: (error) => {
        // SPEC §8: a refused save says 'Failed to update business.' (with the server's reason
        // beside it); no answer at all says 'Something went wrong.'.
        if (error instanceof ApiError) {
          setStatus({
            tone: 'error',
            message: BUSINESS_SETTINGS_TEXTS.updateFailed,
            detail:
              error.hasServerMessage && error.message !== BUSINESS_SETTINGS_TEXTS.updateFailed
                ? error.message
                : undefined,
          });
          if (error.fields) setErrors(error.fields);
        } else {
          setStatus({ tone: 'error', message: BUSINESS_SETTINGS_TEXTS.somethingWentWrong });
        }
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={BUSINESS_SETTINGS_TEXTS.editTitle}
      className="flex flex-col gap-5 rounded-card border border-sand-300 bg-white/70 p-4 sm:p-6"
    >
      <BusinessProfileFields
        values={values}
        errors={errors}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        required={REQUIRED}
        hideDescriptionAndWebsite={overview.business_type === 'individual_seller'}
      />
      <TextField
        name="order_email"
        type="email"
        autoComplete="email"
        label={ORDER_EMAIL_TEXTS.label}
        hint={ORDER_EMAIL_TEXTS.hint}
        value={orderEmail}
        onChange={(event) => setOrderEmail(event.target.value)}
        error={errors.order_email}
      />
      <div key={saves} className="grid gap-5 md:grid-cols-2">
        <ImageFileField
          label={BUSINESS_SETTINGS_TEXTS.logo}
          name="logonew"
          file={logo}
          onChange={setLogo}
          currentUrl={overview.logonew}
          error={errors.logonew}
          hint={BUSINESS_SETTINGS_TEXTS.imageHint}
        />
        <ImageFileField
          label={BUSINESS_SETTINGS_TEXTS.banner}
          name="banner"
          file={banner}
          onChange={setBanner}
          currentUrl={overview.banner}
          error={errors.banner}
          hint={BUSINESS_SETTINGS_TEXTS.imageHint}
          shape="wide"
        />
      </div>
      {status ? (
        <Notice tone={status.tone}>
          {status.message}
          {status.tone === 'error' && status.detail ? (
            <span className="mt-1 block font-normal">{status.detail}</span>
          ) : null}
        </Notice>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={edit.isPending} className="w-full sm:w-auto">
          {BUSINESS_SETTINGS_TEXTS.editSave}
        </Button>
      </div>
    </form>
  );
}
