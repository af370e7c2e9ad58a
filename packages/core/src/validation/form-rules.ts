// A tiny rule engine: each field has a label and required / email / numeric / min / max checks.
import { DEFAULT_TEXT_MAX } from '../constants/length-constants.js';
import { isValidEmail } from './email-rules.js';
import {
  emailMessage,
  maxLengthMessage,
  minLengthMessage,
  numericMessage,
  requiredMessage,
} from './messages.js';
import type { ValidationResult } from './validation-result.js';

/** How one field is checked. Text fields get `max` 255 unless told otherwise (`null` for none). */
export interface FieldRule {
  /** The human label that fills {Field}. */
  label: string;
  required?: boolean;
  /** Replaces the standard required message (e.g. 'Must select Chest from dropdown.'). */
  requiredMessage?: string;
  email?: boolean;
  numeric?: boolean;
  min?: number;
  max?: number | null;
}

/** Rules by field key; fields are checked in the order of the keys. */
export type FormRules = Readonly<Record<string, FieldRule>>;

/** Form values or a request payload: plain strings, numbers, booleans, arrays, or nothing. */
export type FormValues = Readonly<Record<string, unknown>>;

const DIGITS = /^\d+$/;

/** Whether a value counts as not filled in: nothing, blank text, an unticked box or an empty list. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Characters as people count them (code points), so an emoji is one. */
export function countCharacters(value: string): number {
  return Array.from(value).length;
}

/** The first failing check of one field, or undefined. */
export function checkField(value: unknown, rule: FieldRule): string | undefined {
  if (isBlank(value))
    return rule.required ? (rule.requiredMessage ?? requiredMessage(rule.label)) : undefined;
  const text = textOf(value);
  if (rule.email && (text === undefined || !isValidEmail(text.trim()))) return emailMessage(rule.label);
  if (rule.numeric && (text === undefined || !DIGITS.test(text))) return numericMessage(rule.label);
  if (text === undefined) return undefined;
  const length = countCharacters(text);
  if (rule.min !== undefined && length < rule.min) return minLengthMessage(rule.label, rule.min);
  const max = rule.max === undefined ? DEFAULT_TEXT_MAX : rule.max;
  if (max !== null && length > max) return maxLengthMessage(rule.label, max);
  return undefined;
}

/** Checks every ruled field; one message per failing field, in rule order. */
export function validateForm(values: FormValues, rules: FormRules): ValidationResult {
  const errors: string[] = [];
  const fields = new Set<string>();
  for (const [field, rule] of Object.entries(rules)) {
    const message = checkField(values[field], rule);
    if (message === undefined) continue;
    errors.push(message);
    fields.add(field);
  }
  return { errors, fields };
}
