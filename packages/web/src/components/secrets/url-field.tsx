import { URL_PROTOCOLS } from '@coffer/core';
import { useId } from 'react';
import '../form-fields/form-fields.css';

/** Props of the url entry: a protocol dropdown and an address (spec section 3). */
export interface UrlFieldProps {
  protocol: string;
  address: string;
  onProtocolChange: (protocol: string) => void;
  onAddressChange: (address: string) => void;
  invalid?: boolean;
}

/** The url as protocol select plus address; an unknown scheme keeps the whole url in the address. */
export function UrlField({ protocol, address, onProtocolChange, onAddressChange, invalid }: UrlFieldProps) {
  const id = useId();
  const options =
    protocol === '' || URL_PROTOCOLS.includes(protocol) ? URL_PROTOCOLS : [protocol, ...URL_PROTOCOLS];
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-address`}>
        URL
      </label>
      <div className="url-field">
        <select
          aria-label="Protocol"
          className="field__input url-field__protocol"
          value={protocol}
          onChange={(event) => onProtocolChange(event.target.value)}
        >
          {protocol === '' ? <option value="">Other</option> : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <input
          id={`${id}-address`}
          className={invalid ? 'field__input field__input--invalid' : 'field__input'}
          value={address}
          inputMode="url"
          autoComplete="off"
          placeholder="example.com"
          aria-invalid={invalid ? true : undefined}
          onChange={(event) => onAddressChange(event.target.value)}
        />
      </div>
    </div>
  );
}
