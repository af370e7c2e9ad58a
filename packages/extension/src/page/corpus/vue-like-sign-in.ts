// A sign-in form kept the way Vue's v-model keeps one: state changes only through 'input' events, and
// every change of state writes all fields back from state (a re-render). A field set without its
// 'input' event is wiped by the next field's re-render, as a real Vue app would wipe it.

export interface VueLikeSignIn {
  state: { username: string; password: string };
  form: HTMLFormElement;
}

export function mountVueLikeSignIn(doc: Document = document): VueLikeSignIn {
  const form = doc.createElement('form');
  form.innerHTML = `
    <input name="username" type="text" autocomplete="username">
    <input name="password" type="password" autocomplete="current-password">
    <button type="submit">Log in</button>`;
  doc.body.append(form);
  const state = { username: '', password: '' };
  const fields = {
    username: form.querySelector<HTMLInputElement>('input[name="username"]')!,
    password: form.querySelector<HTMLInputElement>('input[name="password"]')!,
  };
  const render = () => {
    fields.username.value = state.username;
    fields.password.value = state.password;
  };
  for (const name of ['username', 'password'] as const) {
    fields[name].addEventListener('input', () => {
      state[name] = fields[name].value;
      render();
    });
  }
  return { state, form };
}
