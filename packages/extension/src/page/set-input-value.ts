// Types a value into a field the way frameworks notice. React keeps its own copy of an input's value
// and overrides the element's `value` property to track it; setting through the prototype's native
// setter leaves React's copy stale, so the 'input' event that follows reads as a user's change and
// React's onChange runs. Vue's v-model and Angular's forms listen to the same 'input' (and 'change',
// for the lazy modes); focus and blur let validation that runs on them see a touched field.

export function setInputValue(input: HTMLInputElement, value: string): void {
  const win = input.ownerDocument.defaultView;
  // The field's own realm: a same-origin frame has its own HTMLInputElement and events.
  const realm = (win ?? globalThis) as typeof globalThis;
  input.focus();
  const setter = Object.getOwnPropertyDescriptor(realm.HTMLInputElement.prototype, 'value')?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
  input.dispatchEvent(
    new realm.InputEvent('input', { bubbles: true, composed: true, inputType: 'insertReplacementText' }),
  );
  input.dispatchEvent(new realm.Event('change', { bubbles: true }));
  input.blur();
}
