// Finds the sign-in form of a document: the fields Coffer would fill, or 'unrecognised' when it cannot
// tell (the popup then offers Copy buttons instead of a wrong fill). Only usable fields count
// (field-visibility.ts), and nothing here reads a field's value.
import { type FieldRole, roleOf, saysCurrentPassword } from './field-roles.js';
import { isUsableField } from './field-visibility.js';
import { browserGeometry, type Geometry } from './geometry.js';

export type SignInKind = 'username-and-password' | 'username-only' | 'password-only' | 'unrecognised';

export interface SignInFields {
  username?: HTMLInputElement;
  password?: HTMLInputElement;
}

export interface SignInForm {
  kind: SignInKind;
  fields: SignInFields;
  /**
   * What holds the fields: their form, or for fields outside any form the nearest element that groups
   * them (a section, a dialog, the document). Null when unrecognised.
   */
  scope: ParentNode | null;
}

export interface PageOptions {
  /** The layout to judge visibility by; the browser's own by default. */
  geometry?: Geometry;
}

const UNRECOGNISED: SignInForm = { kind: 'unrecognised', fields: {}, scope: null };

/** The best sign-in form of the document: a full one before a password step before a username step. */
export function detectSignInForm(doc: Document, options: PageOptions = {}): SignInForm {
  const candidates = signInCandidates(doc, options.geometry ?? browserGeometry(doc));
  return pickBest(candidates, doc.activeElement) ?? UNRECOGNISED;
}

/** Every sign-in form of the document, in document order (watchSubmissions picks the one acted on). */
export function signInCandidates(doc: Document, geometry: Geometry): SignInForm[] {
  const groups = new Map<ParentNode, { input: HTMLInputElement; role: FieldRole }[]>();
  for (const input of inputsOf(doc)) {
    const role = roleOf(input);
    if (role === 'other' || !isUsableField(input, geometry)) continue;
    const scope = scopeOf(input);
    const group = groups.get(scope) ?? [];
    group.push({ input, role });
    groups.set(scope, group);
  }
  return Array.from(groups, ([scope, fields]) => candidateOf(scope, fields)).filter(
    (candidate): candidate is SignInForm => candidate !== null,
  );
}

const KIND_ORDER: readonly SignInKind[] = ['username-and-password', 'password-only', 'username-only'];

function pickBest(candidates: SignInForm[], active: Element | null): SignInForm | null {
  const sorted = [...candidates].sort((a, b) => {
    const byKind = KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
    if (byKind !== 0) return byKind;
    return Number(holds(b, active)) - Number(holds(a, active));
  });
  return sorted[0] ?? null;
}

function holds(candidate: SignInForm, element: Element | null): boolean {
  return element !== null && candidate.scope !== null && (candidate.scope as Node).contains(element);
}

function candidateOf(
  scope: ParentNode,
  fields: { input: HTMLInputElement; role: FieldRole }[],
): SignInForm | null {
  const current = fields.filter((field) => field.role === 'current-password');
  const created = fields.filter((field) => field.role === 'new-password');
  if (created.length > 0) return changeOfPassword(scope, current);
  if (current.length > 1) return null;
  const [password] = current;
  if (password) {
    const username = usernameBefore(fields, password.input);
    return username
      ? { kind: 'username-and-password', fields: { username, password: password.input }, scope }
      : { kind: 'password-only', fields: { password: password.input }, scope };
  }
  return usernameStep(scope, fields);
}

// A form with new passwords is a sign-up (nothing to fill) unless the page marks one other field
// autocomplete="current-password": then it changes a password, and only that field is the sign-in's.
function changeOfPassword(scope: ParentNode, current: { input: HTMLInputElement }[]): SignInForm | null {
  const [only] = current;
  if (current.length !== 1 || !only || !saysCurrentPassword(only.input)) return null;
  return { kind: 'password-only', fields: { password: only.input }, scope };
}

// The username is the nearest field before the password that says it is one; failing that, a plain
// text field right before the password (sites that name it "field1").
function usernameBefore(
  fields: { input: HTMLInputElement; role: FieldRole }[],
  password: HTMLInputElement,
): HTMLInputElement | undefined {
  const before = fields.filter((field) => precedes(field.input, password));
  const named = before.filter((field) => field.role === 'username').at(-1);
  if (named) return named.input;
  const last = before.filter((field) => field.role === 'username' || field.role === 'text').at(-1);
  return last?.role === 'text' ? last.input : undefined;
}

const NEWSLETTER = /newsletter|subscri|mailing.?list/;
const NOT_A_SIGN_IN = /sign.?up|register|registration|create.?(an.?)?account|join|contact|search|invite/;
const SIGN_IN = /log.?in|sign.?in|next|continue|account|identif|anmelden|connexion|weiter/;

// A first step of a two-step sign-in: one field that says it is a username, in a form that is no
// newsletter's. A field marked autocomplete="username" is enough (such pages often offer "Create
// account" beside "Next"); otherwise the form must say it signs in and say nothing of signing up.
function usernameStep(
  scope: ParentNode,
  fields: { input: HTMLInputElement; role: FieldRole }[],
): SignInForm | null {
  const usernames = fields.filter((field) => field.role === 'username');
  const [only] = usernames;
  if (usernames.length !== 1 || !only || fields.length > 2) return null;
  const words = scopeWords(scope);
  if (NEWSLETTER.test(words)) return null;
  const marked = /\busername\b/.test((only.input.getAttribute('autocomplete') ?? '').toLowerCase());
  if (!marked && (NOT_A_SIGN_IN.test(words) || !SIGN_IN.test(words))) return null;
  return { kind: 'username-only', fields: { username: only.input }, scope };
}

/** What a form says of itself: its id, class, name, action and its buttons' texts, in lower case. */
function scopeWords(scope: ParentNode): string {
  const element = (scope as Node).nodeType === ELEMENT_NODE ? (scope as Element) : null;
  const own = element
    ? [
        element.id,
        element.getAttribute('class'),
        element.getAttribute('name'),
        element.getAttribute('action'),
      ]
    : [];
  const buttons = Array.from(
    scope.querySelectorAll('button, input[type="submit"], input[type="button"], [role="button"]'),
    (button) => (button.localName === 'input' ? (button as HTMLInputElement).value : button.textContent),
  );
  const headings = Array.from(scope.querySelectorAll('h1, h2, h3, legend'), (heading) => heading.textContent);
  return [...own, ...buttons, ...headings].filter(Boolean).join(' ').toLowerCase();
}

// Node's constants, written out: a frame's nodes belong to another realm, so `instanceof` would fail.
const ELEMENT_NODE = 1;
const DOCUMENT_POSITION_FOLLOWING = 4;

const GROUPING = 'form, [role="form"], [role="dialog"], dialog, fieldset, section, article, main';

/** The form of a field, or for a field outside any form the nearest element that groups fields. */
export function scopeOf(input: HTMLInputElement): ParentNode {
  if (input.form) return input.form;
  return input.closest(GROUPING) ?? (input.getRootNode() as Document | ShadowRoot);
}

function precedes(a: Node, b: Node): boolean {
  return (a.compareDocumentPosition(b) & DOCUMENT_POSITION_FOLLOWING) !== 0;
}

/** Every input of the document in document order, open shadow roots included. */
export function inputsOf(root: Document | ShadowRoot): HTMLInputElement[] {
  const found: HTMLInputElement[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (isInput(element)) found.push(element);
    if (element.shadowRoot) found.push(...inputsOf(element.shadowRoot));
  }
  return found;
}

// An input of this document or of a same-origin frame's: each realm has its own HTMLInputElement.
function isInput(element: Element): element is HTMLInputElement {
  return element.localName === 'input' && element.namespaceURI === 'http://www.w3.org/1999/xhtml';
}
