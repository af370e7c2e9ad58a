import type { FormEvent } from 'react';
import { useState } from 'react';
import type { DayRange } from '../../../api/statistics-api.js';
import { TextField } from '../../../components/form-fields/text-field.js';
import type { RangeErrors } from './date-range.js';
import { isValidRange, validateRange } from './date-range.js';

/** Props of the range form. */
export interface DateRangeFormProps {
  /** The range the charts show. */
  range: DayRange;
  /** Today (UTC, YYYY-MM-DD): the latest day there can be a record of. */
  today: string;
  onApply: (range: DayRange) => void;
}

/** The From and To days of the date-range view, checked before the charts ask for them. */
export function DateRangeForm({ range, today, onApply }: DateRangeFormProps) {
  const [draft, setDraft] = useState<DayRange>(range);
  const [errors, setErrors] = useState<RangeErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRange(draft, today);
    setErrors(found);
    if (isValidRange(found)) onApply(draft);
  };
  const edit = (field: keyof DayRange) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors({});
  };

  return (
    <form className="date-range-form" aria-label="Date range" noValidate onSubmit={submit}>
      <TextField
        className="date-range-form__field"
        label="From"
        type="date"
        max={today}
        value={draft.from}
        onValueChange={edit('from')}
        error={errors.from}
      />
      <TextField
        className="date-range-form__field"
        label="To"
        type="date"
        max={today}
        value={draft.to}
        onValueChange={edit('to')}
        error={errors.to}
      />
      <button type="submit" className="button button--primary date-range-form__submit">
        Show
      </button>
    </form>
  );
}
