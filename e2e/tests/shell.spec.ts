import { expect, test } from '@playwright/test';

// The foundation as a visitor meets it: the built app under the real server's strict CSP.
test.describe('application shell', () => {
  test('serves the app under a strict Content-Security-Policy with no console or CSP errors', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto('/nowhere/at/all');
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");

    await expect(page.getByText('Unknown route: /nowhere/at/all')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('health check answers once the database does', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  test('an unknown API path answers JSON 404, never the app', async ({ request }) => {
    const response = await request.get('/api/v1/nothing-here.json');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  test('a new page fades in over 300 ms, and keeps still for reduced motion (issue 26)', async ({ page }) => {
    await page.goto('/login');
    // Every page fade that starts is noted with its duration, as the browser runs it.
    await page.evaluate(() => {
      const noted: string[] = [];
      Object.assign(window, { pageFades: noted });
      document.addEventListener(
        'animationstart',
        (event) => {
          if (event.animationName === 'page-enter')
            noted.push(getComputedStyle(event.target as Element).animationDuration);
        },
        true,
      );
    });
    const fades = () => page.evaluate(() => (window as unknown as { pageFades: string[] }).pageFades);
    const afterTwoFrames = () =>
      page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );

    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect.poll(fades).toEqual(['0.3s']);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('link', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await afterTwoFrames();
    expect(await fades()).toEqual(['0.3s']);
  });

  test('the theme switch toggles dark and light and remembers the choice', async ({ page }) => {
    await page.goto('/nowhere');
    const html = page.locator('html');
    const before = await html.getAttribute('data-theme');
    const toggle = page.getByRole('switch', { name: 'Dark mode' });
    const checked = await toggle.getAttribute('aria-checked');
    await toggle.click();
    await expect(toggle).not.toHaveAttribute('aria-checked', checked ?? '');
    await expect(html).not.toHaveAttribute('data-theme', before ?? '');
    await page.reload();
    await expect(html).not.toHaveAttribute('data-theme', before ?? '');
  });
});
