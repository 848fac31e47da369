import { withHttps } from '@leafline/contract/business';
import { useFormContext } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { formField } from './form-field';

/** The text fields of a business profile, as the forms send them (SPEC §3 Business). */
export interface BusinessProfileValues {
  name: string;
  description: string;
  email: string;
  website: string;
  shipping_strategy: string;
  price_range: string;
  production: string;
}

export type BusinessProfileField = keyof BusinessProfileValues;

export const EMPTY_BUSINESS_PROFILE: BusinessProfileValues = {
  name: '',
  description: '',
  email: '',
  website: '',
  shipping_strategy: '',
  price_range: '',
  production: '',
};

export const BUSINESS_FIELD_LABELS = {
  name: 'Business name',
  description: 'Description',
  email: 'Public email',
  // SPEC §5: the label says to prefix https://.
  website: 'Website (start with https://)',
  shipping_strategy: 'Shipping strategy',
  price_range: 'Price range',
  production: 'Production',
} as const satisfies Record<BusinessProfileField, string>;

export interface BusinessProfileFieldsProps {
  /** Which fields must be filled (the required mark and the browser's own check). */
  required: ReadonlySet<BusinessProfileField>;
  /** An Individual Seller has neither description nor website (SPEC §2, §4). */
  hideDescriptionAndWebsite?: boolean;
}

/**
 * The profile fields shared by Register Your Business and the dashboard's Edit business
 * (SPEC §5), in the react-hook-form form around them (FormProvider): each form checks them
 * with its own contract schema.
 */
export function BusinessProfileFields({
  required,
  hideDescriptionAndWebsite = false,
}: BusinessProfileFieldsProps) {
  const form = useFormContext<BusinessProfileValues>();
  const field = (name: BusinessProfileField) => ({
    label: BUSINESS_FIELD_LABELS[name],
    required: required.has(name),
    ...formField(form, name),
  });
  const website = field('website');
  return (
    <>
      <TextField autoComplete="organization" {...field('name')} />
      {hideDescriptionAndWebsite ? null : (
        <TextareaField
          hint="What you make, and what makes it sustainable."
          {...field('description')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="email"
          autoComplete="email"
          hint="Shown to shoppers on your storefront."
          {...field('email')}
        />
        {hideDescriptionAndWebsite ? null : (
          <TextField
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            {...website}
            // A website typed without a scheme gets https:// as the field is left (the
            // contract's check does the same on submit and on the server).
            onBlur={(event) => {
              void website.onBlur(event);
              const completed = withHttps(event.target.value);
              if (completed !== event.target.value) form.setValue('website', completed);
            }}
          />
        )}
      </div>
      <TextareaField
        rows={3}
        hint="How you pack and ship your orders (materials, carriers, carbon offsets)."
        {...field('shipping_strategy')}
      />
      <TextField
        placeholder="$10 – $40"
        hint="What most of your products cost."
        {...field('price_range')}
      />
      <TextareaField
        rows={3}
        hint="Where and how your products are made, and from what."
        {...field('production')}
      />
    </>
  );
}
