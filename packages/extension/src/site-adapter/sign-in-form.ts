// The thin adapter over issue 29's page module (src/page/, another engineer's: detectSignInForm,
// fillSignIn, watchSubmissions). It runs inside the page, injected on an explicit act only.

/** A recognised sign-in form: the visible password field and, when there is one, the username field. */
export interface SignInFields {
  username: HTMLInputElement | null;
  password: HTMLInputElement;
}

const USERNAME_TYPES = new Set(['text', 'email', 'tel', '']);

/** Whether a field can be seen and reached: laid out, not hidden, not transparent, not covered. */
export function isUsableField(field: HTMLInputElement): boolean {
  if (field.disabled || field.readOnly) return false;
  const rect = field.getBoundingClientRect();
  if (rect.width < 2 || rect.height < 2) return false;
  for (let node: Element | null = field; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    if (Number.parseFloat(style.opacity) < 0.1) return false;
  }
  // A field under another element (a transparent overlay form drawn over the real one) is refused.
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  const top = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(x, y) : field;
  return top === null || top === field || (top instanceof HTMLLabelElement && top.control === field);
}

/** The sign-in form of a document: its first usable password field and the usable text field before it. */
export function detectSignInForm(root: Document): SignInFields | null {
  const inputs = Array.from(root.querySelectorAll('input'));
  const passwordIndex = inputs.findIndex((input) => input.type === 'password' && isUsableField(input));
  const password = inputs[passwordIndex];
  if (!password) return null;
  const before = inputs
    .slice(0, passwordIndex)
    .filter((input) => USERNAME_TYPES.has(input.type) && (!password.form || input.form === password.form))
    .filter(isUsableField);
  return { username: before.at(-1) ?? null, password };
}

/** Sets a value the way typing does, so React and Vue forms see it (their value setters are patched). */
export function setFieldValue(field: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  field.focus();
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Fills a recognised form. */
export function fillSignIn(fields: SignInFields, username: string, password: string): void {
  if (fields.username && username !== '') setFieldValue(fields.username, username);
  setFieldValue(fields.password, password);
}

/** Calls back with the credentials of each submitted sign-in form of the document (never fills anything). */
export function watchSubmissions(
  root: Document,
  onSubmit: (username: string, password: string) => void,
): void {
  root.addEventListener(
    'submit',
    (event) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      if (!form) return;
      const inputs = Array.from(form.querySelectorAll('input'));
      const passwordIndex = inputs.findIndex((input) => input.type === 'password' && input.value !== '');
      const password = inputs[passwordIndex];
      if (!password) return;
      const username = inputs
        .slice(0, passwordIndex)
        .filter((input) => USERNAME_TYPES.has(input.type) && input.value !== '')
        .at(-1);
      onSubmit(username?.value ?? '', password.value);
    },
    true,
  );
}
