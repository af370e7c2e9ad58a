import type { CustomFieldKind } from '@coffer/core';
import { useId, useState } from 'react';
import { CheckboxField } from '../form-fields/checkbox-field.js';
import { SelectField } from '../form-fields/select-field.js';
import { TextField } from '../form-fields/text-field.js';
import { ADD_FIELD_LABEL, CUSTOM_FIELDS_LEGEND, FIELD_KIND_LABELS, NO_FIELDS_TEXT } from './extras-labels.js';
import type { FormField } from './secret-form-values.js';
import { rowMark } from './secret-form-values.js';
import { useFocusAfter } from './use-focus-after.js';
import type { SecretFormState } from './use-secret-form.js';

const KIND_OPTIONS = (Object.keys(FIELD_KIND_LABELS) as CustomFieldKind[]).map((kind) => ({
  value: kind,
  label: FIELD_KIND_LABELS[kind],
}));

/** A hidden field's value: masked while typed, with Show/Hide. */
function HiddenValueInput({
  id,
  label,
  value,
  onValueChange,
}: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="password-input">
        <input
          id={id}
          type={revealed ? 'text' : 'password'}
          className="field__input"
          value={value}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onValueChange(event.target.value)}
        />
        <button
          type="button"
          className="button button--ghost button--small"
          aria-pressed={revealed}
          aria-label={revealed ? `Hide ${label}` : `Show ${label}`}
          onClick={() => setRevealed((current) => !current)}
        >
          {revealed ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}

/**
 * Custom fields of any category: add, rename, change kind, reorder (Move up/down) and remove, all by
 * keyboard; focus follows the row that moved and lands on a new row's name.
 */
export function CustomFieldsEditor({ form }: { form: SecretFormState }) {
  const { values, marks } = form;
  const prefix = useId();
  const focusAfter = useFocusAfter();
  const idOf = (key: string, part: string) => `${prefix}-${key}-${part}`;
  const rows = values.fields;

  const row = (field: FormField, index: number) => {
    const position = index + 1;
    const valueLabel = `Field ${position} value`;
    const setValue = (value: string) => form.setField(field.key, { value });
    const move = (by: -1 | 1) => {
      form.moveField(field.key, by);
      // The same button if it can still be pressed, else the other one.
      focusAfter([idOf(field.key, by < 0 ? 'up' : 'down'), idOf(field.key, by < 0 ? 'down' : 'up')]);
    };
    return (
      <li key={field.key} className="custom-field">
        <TextField
          id={idOf(field.key, 'name')}
          label={`Field ${position} name`}
          value={field.name}
          onValueChange={(name) => form.setField(field.key, { name })}
          invalid={marks.isMarked(rowMark('fields', field.key))}
          autoComplete="off"
        />
        <SelectField
          label={`Field ${position} kind`}
          value={field.kind}
          options={KIND_OPTIONS}
          onValueChange={(kind) => form.setField(field.key, { kind: kind as CustomFieldKind })}
        />
        {field.kind === 'boolean' ? (
          <CheckboxField
            label={`${valueLabel}: Yes`}
            checked={field.value === 'true'}
            onCheckedChange={(checked) => setValue(checked ? 'true' : 'false')}
          />
        ) : field.kind === 'hidden' ? (
          <HiddenValueInput
            id={idOf(field.key, 'value')}
            label={valueLabel}
            value={field.value}
            onValueChange={setValue}
          />
        ) : (
          <TextField label={valueLabel} value={field.value} onValueChange={setValue} autoComplete="off" />
        )}
        <div className="custom-field__actions">
          <button
            id={idOf(field.key, 'up')}
            type="button"
            className="button button--secondary button--small"
            aria-label={`Move field ${position} up`}
            disabled={index === 0}
            onClick={() => move(-1)}
          >
            Move up
          </button>
          <button
            id={idOf(field.key, 'down')}
            type="button"
            className="button button--secondary button--small"
            aria-label={`Move field ${position} down`}
            disabled={index === rows.length - 1}
            onClick={() => move(1)}
          >
            Move down
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={`Remove field ${position}`}
            onClick={() => {
              form.removeField(field.key);
              const neighbour = rows[index + 1] ?? rows[index - 1];
              focusAfter(neighbour ? idOf(neighbour.key, 'name') : `${prefix}-add`);
            }}
          >
            Remove
          </button>
        </div>
      </li>
    );
  };

  return (
    <fieldset className="secret-extras">
      <legend className="field__label">{CUSTOM_FIELDS_LEGEND}</legend>
      {rows.length === 0 ? (
        <p className="field__hint">{NO_FIELDS_TEXT}</p>
      ) : (
        <ol className="custom-fields">{rows.map(row)}</ol>
      )}
      <div>
        <button
          id={`${prefix}-add`}
          type="button"
          className="button button--secondary button--small"
          onClick={() => focusAfter(idOf(form.addField(), 'name'))}
        >
          {ADD_FIELD_LABEL}
        </button>
      </div>
    </fieldset>
  );
}
