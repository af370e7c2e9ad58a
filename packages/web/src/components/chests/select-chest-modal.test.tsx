import type { Chest } from '@coffer/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModalHost } from '../modals/modal-host.js';
import { openSelectChest } from './select-chest-modal.js';

const chest = (id: string, name: string, secret_count: number): Chest => ({
  id,
  name,
  secret_count,
  created_at: '',
  updated_at: '',
});

describe('the Select modal', () => {
  it('lists chests cut to 12 characters with their secret counts and confirms with Shift+Enter', async () => {
    render(<ModalHost />);
    const user = userEvent.setup();
    const answer = openSelectChest({
      title: 'Move to another Chest',
      chests: [chest('c-1', 'Operations and Infrastructure', 3), chest('c-2', 'Finance', 1)],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Move to another Chest' });
    expect(dialog.textContent).toContain('Operations a…');
    expect(dialog.textContent).toContain('3 secrets');
    expect(dialog.textContent).toContain('1 secret');
    await user.click(screen.getByLabelText(/Finance/));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(await answer).toBe('c-2');
  });

  it('answers undefined on Escape', async () => {
    render(<ModalHost />);
    const user = userEvent.setup();
    const answer = openSelectChest({ title: 'Move to another Chest', chests: [chest('c-1', 'Ops', 0)] });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(await answer).toBeUndefined();
  });
});
