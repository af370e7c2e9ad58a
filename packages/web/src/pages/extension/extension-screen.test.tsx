import { EXTENSION_BUILD_COMMAND } from '@coffer/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';

const DOWNLOADS = 'GET /api/v1/extension/downloads.json';
const both = (chromium: boolean, firefox: boolean) => ({
  body: {
    items: [
      {
        browser: 'chromium',
        url: '/downloads/coffer-extension-chromium.zip',
        available: chromium,
        size: chromium ? 123_456 : null,
      },
      {
        browser: 'firefox',
        url: '/downloads/coffer-extension-firefox.zip',
        available: firefox,
        size: firefox ? 99 : null,
      },
    ],
  },
});

const section = (name: string) => screen.getByRole('region', { name });

describe('the browser extension page', () => {
  it('offers both downloads with three install steps each and this server’s address, signed out', async () => {
    const calls = mockFetch({ [DOWNLOADS]: both(true, true) });
    renderApp('/extension');
    // The first test of the file waits for the lazy screen's first import too.
    const chromium = await screen.findByRole(
      'link',
      { name: 'Download for Chrome and Chromium' },
      { timeout: 10_000 },
    );
    expect(chromium.getAttribute('href')).toBe('/downloads/coffer-extension-chromium.zip');
    expect(chromium.hasAttribute('download')).toBe(true);
    const firefox = screen.getByRole('link', { name: 'Download for Firefox' });
    expect(firefox.getAttribute('href')).toBe('/downloads/coffer-extension-firefox.zip');

    const chromiumSteps = within(section('Chrome, Chromium, Edge and Brave')).getAllByRole('listitem');
    expect(chromiumSteps.map((step) => step.textContent)).toEqual([
      'Download the zip and unzip it into a folder you keep.',
      expect.stringContaining('chrome://extensions'),
      expect.stringContaining('Load unpacked'),
    ]);
    expect(chromiumSteps[1]?.textContent).toContain('Developer mode');
    const firefoxSection = section('Firefox');
    const firefoxSteps = within(firefoxSection).getAllByRole('listitem');
    expect(firefoxSteps).toHaveLength(3);
    expect(firefoxSteps[1]?.textContent).toContain('about:debugging');
    expect(firefoxSection.textContent).toContain('Install Add-on From File…');

    expect(screen.getByTestId('server-address').textContent).toBe(window.location.origin);
    expect(screen.getByText(/sign in with your Coffer account/)).toBeTruthy();
    // Nothing but the downloads' check: no session is asked for.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([DOWNLOADS]);
  });

  it('says how to build a missing extension instead of offering its download', async () => {
    mockFetch({ [DOWNLOADS]: both(true, false) });
    renderApp('/extension');
    await screen.findByRole('link', { name: 'Download for Chrome and Chromium' });
    expect(screen.queryByRole('link', { name: 'Download for Firefox' })).toBeNull();
    const alert = within(section('Firefox')).getByRole('alert');
    expect(alert.textContent).toContain('has not been built');
    expect(within(alert).getByText(EXTENSION_BUILD_COMMAND).tagName).toBe('CODE');
  });

  it('is open to a signed-in user too, inside the app', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({ [DOWNLOADS]: both(true, true), 'GET /api/v1/profile.json': { body: buildProfile() } });
    renderApp('/extension');
    expect(await screen.findByRole('heading', { name: 'Coffer browser extension' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Download for Firefox' })).toBeTruthy();
  });
});
