import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notification-store.js';
import { NotificationHost } from './notification-host.js';

describe('notification banners', () => {
  it('show the message and clear themselves after 8 seconds', () => {
    vi.useFakeTimers();
    render(<NotificationHost variant="floating" />);
    act(() => {
      notify({ type: 'success', message: 'Organisation name successfully changed.' });
    });
    expect(screen.getByText('Organisation name successfully changed.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(7_999));
    expect(screen.queryByText('Organisation name successfully changed.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Organisation name successfully changed.')).toBeNull();
  });

  it('clear on click', () => {
    render(<NotificationHost variant="header" />);
    act(() => {
      notify({ type: 'error', message: 'Organisation deletion failed.' });
      notify({ type: 'info', message: 'No Missing Keys in the product!' });
    });
    fireEvent.click(screen.getByText('Organisation deletion failed.'));
    expect(screen.queryByText('Organisation deletion failed.')).toBeNull();
    expect(screen.getByText('No Missing Keys in the product!')).toBeTruthy();
  });

  it('show a repeated message once and restart its time', () => {
    vi.useFakeTimers();
    render(<NotificationHost variant="floating" />);
    act(() => {
      notify({ type: 'error', message: 'Incorrect Password' });
    });
    act(() => vi.advanceTimersByTime(5_000));
    act(() => {
      notify({ type: 'error', message: 'Incorrect Password' });
    });
    expect(screen.getAllByText('Incorrect Password')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByText('Incorrect Password')).not.toBeNull();
  });

  it('carry their type as a class, for colour', () => {
    render(<NotificationHost variant="floating" />);
    act(() => {
      notify({ type: 'error', message: 'Boom' });
    });
    expect(screen.getByRole('button', { name: /Boom/ }).className).toContain('notification--error');
  });
});
