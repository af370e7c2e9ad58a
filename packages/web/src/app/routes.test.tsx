import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.js';

describe('the route table', () => {
  it("shows 'Unknown route: {path}' for a path it does not know", async () => {
    renderApp('/no/such/place');
    expect(await screen.findByText('Unknown route: /no/such/place')).toBeTruthy();
  });

  it('renders the unknown route inside the layout, with header and footer', async () => {
    renderApp('/nope');
    await screen.findByText('Unknown route: /nope');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} Coffer`);
  });
});
