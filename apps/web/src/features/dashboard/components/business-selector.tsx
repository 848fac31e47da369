import type { OwnedBusinessSummary } from '@leafline/contract/business';
import { SelectField } from '@/components/ui/select-field';
import { DASHBOARD_TEXTS } from '../lib/dashboard-texts';

/** Which of the owner's businesses the dashboard shows. */
export function BusinessSelector({
  businesses,
  selected,
  onSelect,
}: {
  businesses: readonly OwnedBusinessSummary[];
  selected: number;
  onSelect: (id: number) => void;
}) {
  return (
    <SelectField
      label={DASHBOARD_TEXTS.businessLabel}
      name="business"
      className="w-full sm:max-w-xs"
      value={String(selected)}
      options={businesses.map((b) => ({ value: String(b.id), label: b.name }))}
      onChange={(event) => onSelect(Number(event.target.value))}
    />
  );
}
