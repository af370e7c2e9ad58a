// A sign-in form the way React apps write it: controlled inputs whose value lives in state. React
// overrides each input's value property to track what it rendered; a value set without the native
// setter and an 'input' event is undone at the next render, and onSubmit would send the old state.
import { act, type FormEvent, useState } from 'react';
import { createRoot } from 'react-dom/client';

export interface ReactSignIn {
  /** What the component's state holds now. */
  state(): { username: string; password: string };
  /** What onSubmit received, if the form was submitted. */
  submitted(): { username: string; password: string } | null;
  unmount(): void;
}

// React warns when act() is used without this flag.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function mountReactSignIn(doc: Document = document): ReactSignIn {
  const container = doc.createElement('div');
  doc.body.append(container);
  let current = { username: '', password: '' };
  let sent: { username: string; password: string } | null = null;

  function SignIn() {
    const [username, setUsername] = useState('');
    const [password, setPassword] = useState('');
    current = { username, password };
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      sent = { username, password };
    };
    return (
      <form onSubmit={onSubmit} aria-label="Sign in">
        <input
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit">Sign in</button>
      </form>
    );
  }

  const root = createRoot(container);
  act(() => root.render(<SignIn />));
  return {
    state: () => current,
    submitted: () => sent,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}
