import { COUNTRIES } from '@coffer/core';
import type { ReactNode } from 'react';
import { CheckboxField } from '../form-fields/checkbox-field.js';
import { SelectField } from '../form-fields/select-field.js';
import { TextField } from '../form-fields/text-field.js';
import { CustomFieldsEditor } from './custom-fields-editor.js';
import { DigitsField } from './digits-field.js';
import { PasswordInputField } from './password-input-field.js';
import { FORM_FILL_LABEL, payloadFieldLabel } from './secret-labels.js';
import { TextAreaField } from './text-area-field.js';
import { TotpInputField } from './totp-input-field.js';
import { UrlField } from './url-field.js';
import { UrlRulesEditor } from './url-rules-editor.js';
import type { SecretFormState } from './use-secret-form.js';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/** The payload fields of the form's category (spec sections 3 and 5), then its custom fields. */
export function CategoryFields({ form }: { form: SecretFormState }) {
  return (
    <>
      <SpecFields form={form} />
      <CustomFieldsEditor form={form} />
    </>
  );
}

/** The category's own fields; a password secret's authenticator key and URL rules among them. */
function SpecFields({ form }: { form: SecretFormState }): ReactNode {
  const { values, marks, setPayloadField } = form;
  const payload = values.payload;
  const text = (field: string) => ({
    label: payloadFieldLabel(values.category, field),
    value: payload[field] ?? '',
    onValueChange: (value: string) => setPayloadField(field, value),
    invalid: marks.isMarked(field),
  });
  const note = <TextAreaField {...text('note')} />;

  switch (values.category) {
    case 'password':
      return (
        <>
          <TextField {...text('username')} autoComplete="off" />
          <PasswordInputField
            {...text('password')}
            userInputs={[values.name, payload.username ?? ''].filter((word) => word !== '')}
          />
          <TotpInputField value={values.totp} onValueChange={form.setTotp} invalid={marks.isMarked('totp')} />
          <UrlField
            protocol={values.protocol}
            address={values.urlAddress}
            onProtocolChange={form.setProtocol}
            onAddressChange={form.setUrlAddress}
            invalid={marks.isMarked('url')}
          />
          <CheckboxField
            label={FORM_FILL_LABEL}
            checked={values.formFill}
            onCheckedChange={form.setFormFill}
          />
          <UrlRulesEditor form={form} />
          {note}
        </>
      );
    case 'telephone':
      return (
        <>
          <DigitsField {...text('country')} placeholder="44" />
          <DigitsField {...text('number')} />
          <DigitsField {...text('extension')} />
          {note}
        </>
      );
    case 'address':
      return (
        <>
          <TextField {...text('addressOne')} autoComplete="off" />
          <TextField {...text('addressTwo')} autoComplete="off" />
          <TextField {...text('addressThree')} autoComplete="off" />
          <TextField {...text('addressFour')} autoComplete="off" />
          <TextField {...text('postalCode')} autoComplete="off" />
          <SelectField {...text('country')} options={COUNTRY_OPTIONS} placeholder="Select a country" />
          {note}
        </>
      );
    default:
      return note;
  }
}
