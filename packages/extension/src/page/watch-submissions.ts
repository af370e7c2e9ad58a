// Notices a sign-in being submitted, so the extension can offer (in its own badge and popup, never in
// the page) to save credentials Coffer does not hold. Fields are read only when the user acts: a form
// submitted, a click on a sign-in button outside a form, Enter in a field outside a form.
// A page's script can submit a form itself (requestSubmit fires a trusted 'submit'), so a password is
// reported only as the user last typed or pasted it: a script that set a password of its choosing
// could otherwise have the popup offer to "update" the user's secret with it. Events a script makes
// (isTrusted false) are ignored altogether.
import { type PageOptions, type SignInForm, signInCandidates } from './detect-sign-in.js';
import { browserGeometry, type Geometry } from './geometry.js';

export type Submission =
  | { step: 'sign-in'; origin: string; url: string; username: string; password: string }
  /** The first step of a two-step sign-in; the password follows on the next page (see two-step.ts). */
  | { step: 'username'; origin: string; url: string; username: string };

export interface WatchOptions extends PageOptions {
  /** Which events count; real user actions only by default. jsdom cannot make trusted events. */
  acceptEvent?: (event: Event) => boolean;
}

const SIGN_IN_BUTTON = /log.?in|sign.?in|next|continue|submit|anmelden|connexion|weiter|^\s*(go|ok)\s*$/i;
const BUTTONS = 'button, input[type="submit"], input[type="image"], input[type="button"], [role="button"]';

/** Starts watching; the answer stops it. Each distinct submission is reported once. */
export function watchSubmissions(
  doc: Document,
  onSubmit: (submission: Submission) => void,
  options: WatchOptions = {},
): () => void {
  const geometry = options.geometry ?? browserGeometry(doc);
  const accept = options.acceptEvent ?? ((event: Event) => event.isTrusted);
  let lastReported = '';
  // What the user last typed into each field; a WeakMap, so a field removed from the page takes its
  // value with it.
  const typed = new WeakMap<HTMLInputElement, string>();

  const report = (origin: Element, fallbackToBest: boolean) => {
    const submission = readSubmission(doc, pickForm(doc, origin, fallbackToBest, geometry), typed);
    if (!submission) return;
    const key = JSON.stringify(submission);
    if (key === lastReported) return;
    lastReported = key;
    onSubmit(submission);
  };

  const onSubmitEvent = (event: Event) => {
    const form = targetOf(event);
    if (accept(event) && form) report(form, false);
  };
  const onClick = (event: Event) => {
    const button = targetOf(event)?.closest(BUTTONS);
    if (!accept(event) || !button || submitsItsForm(button)) return;
    if (SIGN_IN_BUTTON.test(buttonText(button))) report(button, true);
  };
  const onInput = (event: Event) => {
    const field = targetOf(event);
    if (accept(event) && field?.localName === 'input')
      typed.set(field as HTMLInputElement, (field as HTMLInputElement).value);
  };
  const onKeyDown = (event: Event) => {
    const field = targetOf(event);
    if (!accept(event) || (event as KeyboardEvent).key !== 'Enter' || field?.localName !== 'input') return;
    // Enter in a form's field submits the form, and the submit event reports it.
    if (!(field as HTMLInputElement).form) report(field, false);
  };

  doc.addEventListener('submit', onSubmitEvent, true);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('input', onInput, true);
  return () => {
    doc.removeEventListener('input', onInput, true);
    doc.removeEventListener('submit', onSubmitEvent, true);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKeyDown, true);
  };
}

// The innermost target, inside open shadow roots too.
function targetOf(event: Event): Element | null {
  const [first] = event.composedPath();
  return first && (first as Node).nodeType === 1 ? (first as Element) : null;
}

// A submit button of a form makes the form fire 'submit' (unless the form is invalid, and then nothing
// was submitted); reporting the click too would read the fields before the browser's own checks.
function submitsItsForm(button: Element): boolean {
  const control = button as HTMLButtonElement | HTMLInputElement;
  if (!('form' in control) || !control.form) return false;
  return control.type === 'submit' || control.type === 'image';
}

function buttonText(button: Element): string {
  const value = button.localName === 'input' ? (button as HTMLInputElement).value : button.textContent;
  return [value, button.getAttribute('aria-label'), button.getAttribute('title')].filter(Boolean).join(' ');
}

// The sign-in form the event happened in; for a sign-in button outside any form, the page's best.
function pickForm(
  doc: Document,
  origin: Element,
  fallbackToBest: boolean,
  geometry: Geometry,
): SignInForm | undefined {
  const candidates = signInCandidates(doc, geometry);
  const scope = origin.localName === 'form' ? origin : origin.closest('form');
  const within = candidates.find((candidate) =>
    scope ? candidate.scope === scope : (candidate.scope as Node | null)?.contains(origin),
  );
  if (within || !fallbackToBest) return within;
  return candidates.find((candidate) => candidate.kind !== 'username-only') ?? candidates[0];
}

function readSubmission(
  doc: Document,
  form: SignInForm | undefined,
  typed: WeakMap<HTMLInputElement, string>,
): Submission | null {
  if (!form) return null;
  const origin = doc.location.origin;
  const url = doc.URL;
  const { username, password } = form.fields;
  if (password) {
    if (password.value === '' || typed.get(password) !== password.value) return null;
    const name = username?.value ?? quietUsername(form.scope);
    return { step: 'sign-in', origin, url, username: name, password: password.value };
  }
  if (username && username.value.trim() !== '')
    return { step: 'username', origin, url, username: username.value };
  return null;
}

// The password step of a two-step sign-in often keeps the username in a hidden or read-only field
// (as the HTML standard advises, for password managers). It is read, never filled.
function quietUsername(scope: ParentNode | null): string {
  if (!scope) return '';
  const candidates = Array.from(
    scope.querySelectorAll<HTMLInputElement>(
      'input[autocomplete~="username"], input[autocomplete~="email"], input[type="email"]',
    ),
  );
  return candidates.find((input) => input.value.trim() !== '')?.value ?? '';
}
