import type { UrlMatchRule } from '@coffer/core';
import { useId } from 'react';
import { SelectField } from '../form-fields/select-field.js';
import { TextField } from '../form-fields/text-field.js';
import { ADD_URL_LABEL, URL_RULE_OPTIONS, URLS_HINT, URLS_LEGEND, urlLabel } from './extras-labels.js';
import { rowMark } from './secret-form-values.js';
import { useFocusAfter } from './use-focus-after.js';
import type { SecretFormState } from './use-secret-form.js';

/**
 * The main URL's match rule and the further URLs of a password secret, each with its own rule. The
 * main URL itself stays the spec's protocol-and-address field above.
 */
export function UrlRulesEditor({ form }: { form: SecretFormState }) {
  const { values, marks } = form;
  const prefix = useId();
  const focusAfter = useFocusAfter();
  const idOf = (key: string) => `${prefix}-${key}`;
  return (
    <fieldset className="secret-extras">
      <legend className="field__label">{URLS_LEGEND}</legend>
      <p className="field__hint">{URLS_HINT}</p>
      <SelectField
        label={`Match rule for ${urlLabel(1)}`}
        value={values.urlMatch}
        options={URL_RULE_OPTIONS}
        onValueChange={(rule) => form.setUrlMatch(rule as UrlMatchRule)}
      />
      {values.moreUrls.length > 0 ? (
        <ol className="more-urls">
          {values.moreUrls.map((row, index) => {
            const label = urlLabel(index + 2);
            return (
              <li key={row.key} className="more-url">
                <TextField
                  id={idOf(row.key)}
                  label={label}
                  value={row.url}
                  onValueChange={(url) => form.setMoreUrl(row.key, { url })}
                  invalid={marks.isMarked(rowMark('moreUrls', row.key))}
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://example.com"
                />
                <SelectField
                  label={`Match rule for ${label}`}
                  value={row.match}
                  options={URL_RULE_OPTIONS}
                  onValueChange={(match) => form.setMoreUrl(row.key, { match: match as UrlMatchRule })}
                />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Remove ${label}`}
                  onClick={() => {
                    form.removeUrl(row.key);
                    focusAfter(`${prefix}-add`);
                  }}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div>
        <button
          id={`${prefix}-add`}
          type="button"
          className="button button--secondary button--small"
          onClick={() => focusAfter(idOf(form.addUrl()))}
        >
          {ADD_URL_LABEL}
        </button>
      </div>
    </fieldset>
  );
}
