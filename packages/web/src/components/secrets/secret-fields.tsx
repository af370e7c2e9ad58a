import type {
  PasswordPayload,
  PayloadExtras,
  SecretCategory,
  SecretPayload,
  UrlMatchRule,
} from '@coffer/core';
import { COUNTRIES, SECRET_PAYLOAD_FIELDS } from '@coffer/core';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { URL_RULE_LABELS, urlLabel, yesNo } from './extras-labels.js';
import { SecretFieldRow } from './secret-field-row.js';
import { payloadFieldLabel } from './secret-labels.js';
import { TotpCodeView } from './totp-code-view.js';

const countryName = (code: string) => COUNTRIES.find((country) => country.code === code)?.name ?? code;
const ruleDetail = (rule: UrlMatchRule | undefined) =>
  `Match: ${URL_RULE_LABELS[rule ?? 'host'] ?? URL_RULE_LABELS.host}`;

/**
 * The decrypted fields of a secret, in the category's order, each with copy (and reveal for passwords);
 * a password secret's authenticator code after its password and its further URLs after the main one,
 * each URL with its match rule; then the custom fields in order (hidden ones masked, yes/no as Yes/No).
 */
export function SecretFields({ category, payload }: { category: SecretCategory; payload: SecretPayload }) {
  const values = payload as unknown as Record<string, string>;
  const login = payload as Partial<PasswordPayload>;
  const fields = SECRET_PAYLOAD_FIELDS[category] as readonly string[];
  const customFields = (payload as PayloadExtras).fields ?? [];
  const isLogin = category === 'password';

  const after = (field: string): ReactNode => {
    if (!isLogin) return null;
    if (field === 'password' && typeof login.totp === 'string' && login.totp !== '')
      return <TotpCodeView totp={login.totp} />;
    if (field === 'url')
      return (login.moreUrls ?? []).map((more, index) => (
        <SecretFieldRow
          // biome-ignore lint/suspicious/noArrayIndexKey: the URLs' order is fixed while the viewer is open
          key={index}
          label={urlLabel(index + 2)}
          value={more.url}
          detail={ruleDetail(more.match)}
        />
      ));
    return null;
  };

  return (
    <dl className="secret-fields">
      {fields.map((field) => {
        const value = values[field] ?? '';
        return (
          <Fragment key={field}>
            <SecretFieldRow
              label={payloadFieldLabel(category, field)}
              value={value}
              concealed={field === 'password'}
              multiline={field === 'note'}
              {...(category === 'address' && field === 'country' ? { display: countryName(value) } : {})}
              {...(isLogin && field === 'url' ? { detail: ruleDetail(login.urlMatch) } : {})}
            />
            {after(field)}
          </Fragment>
        );
      })}
      {customFields.map((field, index) => (
        <SecretFieldRow
          // biome-ignore lint/suspicious/noArrayIndexKey: two fields may share a name; the order is fixed here
          key={`custom-${index}`}
          label={field.name}
          value={field.kind === 'boolean' && field.value === '' ? 'false' : field.value}
          concealed={field.kind === 'hidden'}
          {...(field.kind === 'boolean' ? { display: yesNo(field.value), copyable: false } : {})}
        />
      ))}
    </dl>
  );
}
