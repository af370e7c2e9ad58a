import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openConfirm } from './confirm-modal.js';
import { ModalHost } from './modal-host.js';

const options = {
  title: 'Are you sure you want to logout?',
  confirmLabel: 'Yes, log me out.',
  cancelLabel: 'Stay logged in',
};

function renderWithOpener() {
  render(
    <>
      <button type="button">Opener</button>
      <ModalHost />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'Opener' });
  opener.focus();
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = openConfirm(options);
  });
  return { opener, answer };
}

describe('the Confirm modal', () => {
  it('is an accessible modal dialog named by its title, focused on the confirm button', () => {
    renderWithOpener();
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, log me out.' }));
  });

  it('confirms on Enter and gives focus back', async () => {
    const user = userEvent.setup();
    const { opener, answer } = renderWithOpener();
    await user.keyboard('{Enter}');
    expect(await answer).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const { answer } = renderWithOpener();
    await user.keyboard('{Escape}');
    expect(await answer).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels from its cancel button', async () => {
    const user = userEvent.setup();
    const { answer } = renderWithOpener();
    await user.click(screen.getByRole('button', { name: 'Stay logged in' }));
    expect(await answer).toBe(false);
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithOpener();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay logged in' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, log me out.' }));
  });
});

describe('a Confirm whose safe answer is no', () => {
  it('starts on Cancel, and Enter cancels', async () => {
    render(<ModalHost />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = openConfirm({
        title: 'Security warning',
        confirmLabel: 'Share anyway',
        defaultAction: 'cancel',
      });
    });
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await userEvent.keyboard('{Enter}');
    expect(await answer).toBe(false);
  });
});
