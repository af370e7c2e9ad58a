import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GeneratePasswordButton } from './generate-password-button.js';

describe('GeneratePasswordButton', () => {
  it('hands over a 12-character password with every class and shows a tick for 3 seconds', () => {
    vi.useFakeTimers();
    const onGenerate = vi.fn();
    render(<GeneratePasswordButton onGenerate={onGenerate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate password' }));
    const password: string = onGenerate.mock.calls[0]?.[0];
    expect(password).toHaveLength(12);
    for (const pattern of [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/]) expect(password).toMatch(pattern);
    expect(screen.getByLabelText('Password generated')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByLabelText('Password generated')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByLabelText('Password generated')).toBeNull();
  });
});
