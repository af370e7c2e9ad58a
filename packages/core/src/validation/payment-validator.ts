// The payment and shared billing-address form (spec section 5).
import type { PaymentFormValues } from '../model/index.js';
import { FIELD_LABELS } from './field-labels.js';
import { type FormRules, validateForm } from './form-rules.js';
import type { ValidationResult } from './validation-result.js';

const PAYMENT_RULES: FormRules = {
  fullName: { label: FIELD_LABELS.fullName, required: true },
  addressOne: { label: FIELD_LABELS.addressOne, required: true },
  line2: { label: FIELD_LABELS.line2 },
  city: { label: FIELD_LABELS.city, required: true },
  postalCode: { label: FIELD_LABELS.postalCode },
  country: { label: FIELD_LABELS.country, required: true },
  quantity: { label: FIELD_LABELS.quantity, required: true, numeric: true },
  coupon: { label: FIELD_LABELS.coupon },
};

/** Validates the billing form; the pay form's `line1` counts as `addressOne`. */
export function validatePayment(values: PaymentFormValues): ValidationResult {
  return validateForm({ ...values, addressOne: values.addressOne ?? values.line1 }, PAYMENT_RULES);
}
