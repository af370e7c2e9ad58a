import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { detectExtensionBrowser } from './detect-browser.js';
import { ExtensionLink } from './extension-link.js';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const EDGE = `${CHROME} Edg/131.0.0.0`;
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the extension link', () => {
  it('is offered to Chrome and Firefox only', () => {
    expect(detectExtensionBrowser(CHROME)).toBe('chrome');
    expect(detectExtensionBrowser(FIREFOX)).toBe('firefox');
    expect(detectExtensionBrowser(EDGE)).toBeNull();
    expect(detectExtensionBrowser(SAFARI)).toBeNull();
    expect(detectExtensionBrowser(ANDROID_CHROME)).toBeNull();
  });

  it('opens the download page of this server, and renders nothing elsewhere', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ExtensionLink userAgent={FIREFOX} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Get the Firefox extension' }).getAttribute('href')).toBe(
      '/extension',
    );
    unmount();
    const { container } = render(
      <MemoryRouter>
        <ExtensionLink userAgent={SAFARI} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('the theme switch', () => {
  it('switches the theme and keeps it in localStorage when signed out', async () => {
    localStorage.setItem('dark_mode', 'false');
    const calls = mockFetch();
    renderApp('/nowhere');
    const toggle = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(document.documentElement.dataset.theme).toBe('light');
    fireEvent.click(toggle);
    expect(localStorage.getItem('dark_mode')).toBe('true');
    // The switch re-renders through its storage subscription, which React makes in a passive effect:
    // when the lazy route committed outside act(), that effect (and so the re-render) can still be
    // pending at the click. The user sees the change a moment later; the test waits for it the same way.
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(calls).toHaveLength(0);
  });

  it('saves the theme on the profile when signed in', async () => {
    localStorage.setItem('token', 'tok');
    const calls = mockFetch({
      'GET /api/v1/profile.json': { body: buildProfile({ dark_mode: false }) },
      'PATCH /api/v1/profile.json': { body: {} },
    });
    renderApp('/nowhere');
    await screen.findByText('Ada Lovelace');
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(String(patch?.init.body))).toEqual({ user: { dark_mode: true } });
    expect(localStorage.getItem('dark_mode')).toBe('true');
  });

  it("takes the profile's saved theme once the profile loads", async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('dark_mode', 'false');
    mockFetch({ 'GET /api/v1/profile.json': { body: buildProfile({ dark_mode: true }) } });
    renderApp('/nowhere');
    await screen.findByText('Ada Lovelace');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(localStorage.getItem('dark_mode')).toBe('true');
  });
});
