import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../session/use-session.js';
import { renderApp } from '../test/render-app.js';
import { registerShortcuts } from './shortcut-registry.js';
import type { ShortcutContext, ShortcutDefinition } from './shortcut-types.js';
import { dispatchShortcut } from './use-shortcut-dispatcher.js';

const session: SessionState = {
  token: 't',
  signedIn: true,
  profile: undefined,
  isAdministrator: false,
  isOwner: false,
  isDataAdministrator: false,
};

function contextAt(pathname: string): ShortcutContext {
  return { pathname, navigate: vi.fn(), session, queryClient: new QueryClient() };
}

function press(target: Element, init: KeyboardEventInit, pathname = '/'): boolean {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return dispatchShortcut(event, contextAt(pathname));
}

function withShortcut(overrides: Partial<ShortcutDefinition> = {}) {
  const run = vi.fn();
  const unregister = registerShortcuts([
    { id: 'test.new', keys: 'Shift+N', description: 'Add', run, ...overrides },
  ]);
  return { run, unregister };
}

const shiftN = { key: 'N', code: 'KeyN', shiftKey: true };

describe('the shortcut dispatcher', () => {
  it('fires when focus is on the page', () => {
    const { run, unregister } = withShortcut();
    expect(press(document.body, shiftN)).toBe(true);
    unregister();
    expect(run).toHaveBeenCalledOnce();
  });

  it('ignores typing in inputs, text areas, selects and editable content', () => {
    const { run, unregister } = withShortcut();
    render(
      <div>
        <input aria-label="search" />
        <textarea aria-label="note" />
        <select aria-label="chest">
          <option>a</option>
        </select>
        <div contentEditable suppressContentEditableWarning data-testid="editable">
          <span data-testid="inner">text</span>
        </div>
      </div>,
    );
    for (const field of [
      screen.getByLabelText('search'),
      screen.getByLabelText('note'),
      screen.getByLabelText('chest'),
      screen.getByTestId('inner'),
    ]) {
      expect(press(field, shiftN)).toBe(false);
    }
    unregister();
    expect(run).not.toHaveBeenCalled();
  });

  it('still fires on checkboxes and buttons, which take no text', () => {
    const { run, unregister } = withShortcut();
    render(<input type="checkbox" aria-label="remember" />);
    press(screen.getByLabelText('remember'), shiftN);
    unregister();
    expect(run).toHaveBeenCalledOnce();
  });

  it('lets a shortcut opt in to text fields (Escape leaving the search box)', () => {
    const { run, unregister } = withShortcut({ keys: 'Escape', allowInInputs: true });
    render(<input aria-label="search" />);
    press(screen.getByLabelText('search'), { key: 'Escape' });
    unregister();
    expect(run).toHaveBeenCalledOnce();
  });

  it('ignores keys during IME composition', () => {
    const { run, unregister } = withShortcut();
    press(document.body, { ...shiftN, isComposing: true });
    press(document.body, { ...shiftN, keyCode: 229 });
    unregister();
    expect(run).not.toHaveBeenCalled();
  });

  it('fires only on the routes a shortcut names', () => {
    const { run, unregister } = withShortcut({ routes: ['/admin/*'] });
    press(document.body, shiftN, '/profile');
    press(document.body, shiftN, '/admin/teams');
    unregister();
    expect(run).toHaveBeenCalledOnce();
  });

  it("prefers a screen's binding over a global one, whatever registered first", () => {
    const screenScoped = withShortcut({ id: 'screen.new' });
    const run = vi.fn();
    const global = {
      run,
      unregister: registerShortcuts([{ id: 'g', keys: 'Shift+N', description: '', run }], 'global'),
    };
    press(document.body, shiftN);
    screenScoped.unregister();
    global.unregister();
    expect(screenScoped.run).toHaveBeenCalledOnce();
    expect(global.run).not.toHaveBeenCalled();
  });

  it('ignores events another handler already consumed', () => {
    const { run, unregister } = withShortcut();
    const event = new KeyboardEvent('keydown', { ...shiftN, cancelable: true });
    event.preventDefault();
    dispatchShortcut(event, contextAt('/'));
    unregister();
    expect(run).not.toHaveBeenCalled();
  });

  it('prevents the browser default of a handled key', () => {
    const { unregister } = withShortcut();
    const event = new KeyboardEvent('keydown', { ...shiftN, cancelable: true });
    dispatchShortcut(event, contextAt('/'));
    unregister();
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('dispatching through the window', () => {
  it('is wired by the root layout', async () => {
    renderApp('/nowhere', {});
    await screen.findByText('Unknown route: /nowhere');
    // The root layout attaches the dispatcher in an effect, which on a busy machine may run after the
    // screen's text is on the page: Shift H (which only shows the panel) is pressed until it is heard.
    await waitFor(() => {
      fireEvent.keyDown(window, { key: 'H', code: 'KeyH', shiftKey: true });
      expect(screen.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeTruthy();
    });
  });
});
