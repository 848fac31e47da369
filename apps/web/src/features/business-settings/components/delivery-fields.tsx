import type { EditBusinessFields } from '@leafline/contract/business';
import { DELIVERY_FORM_TEXTS, DELIVERY_LIMITS } from '@leafline/contract/delivery-texts';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { errorText, formField } from '@/components/forms/form-field';
import { TextField } from '@/components/ui/text-field';

/** The form's values of the delivery fields (decision 0052): as typed, and the checkbox. */
export interface DeliveryValues {
  processing_days: string;
  returns_accepted: boolean;
  returns_days: string;
}

/**
 * Processing time and the returns policy in the business form (decision 0052): the days to
 * send an order, and whether returns are accepted and within how many days — the days field
 * only while returns are accepted (then sent; otherwise the policy is "No returns").
 */
export function DeliveryFields<T extends DeliveryValues>({
  form: anyForm,
}: {
  form: UseFormReturn<T, unknown, EditBusinessFields>;
}) {
  // These fields' part of the form (its other fields are not read here).
  const form = anyForm as unknown as UseFormReturn<DeliveryValues, unknown, EditBusinessFields>;
  const id = useId();
  const accepted = form.watch('returns_accepted');
  const { processingDays, returnsDays } = DELIVERY_LIMITS;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-sans text-base font-semibold">
        {DELIVERY_FORM_TEXTS.legend}
      </legend>
      <TextField
        type="number"
        inputMode="numeric"
        min={processingDays.min}
        max={processingDays.max}
        step={1}
        label={DELIVERY_FORM_TEXTS.processingDays}
        hint={DELIVERY_FORM_TEXTS.processingDaysHint}
        {...formField(form, 'processing_days')}
      />
      <label
        htmlFor={`${id}-returns`}
        className="flex min-h-11 items-center gap-3 text-sm text-ink"
      >
        <input
          id={`${id}-returns`}
          type="checkbox"
          {...form.register('returns_accepted')}
          className="size-5 shrink-0 accent-forest-900"
        />
        {DELIVERY_FORM_TEXTS.returnsAccepted}
      </label>
      {accepted ? (
        <TextField
          type="number"
          inputMode="numeric"
          min={returnsDays.min}
          max={returnsDays.max}
          step={1}
          label={DELIVERY_FORM_TEXTS.returnsDays}
          hint={DELIVERY_FORM_TEXTS.returnsDaysHint}
          {...form.register('returns_days', { shouldUnregister: true })}
          error={errorText(form.formState.errors.returns_days)}
        />
      ) : null}
    </fieldset>
  );
}
