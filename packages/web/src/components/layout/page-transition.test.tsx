import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { PAGE_ENTER_CLASS } from './use-page-transition.js';

// Spec section 9: a 300 ms page transition, none for those who ask for reduced motion (issue 26).

const screens = {
  open: [
    { path: '/one', element: <p>Page one</p> },
    { path: '/two', element: <p>Page two</p> },
    { path: '/fades-itself', handle: { pageTransition: false }, element: <p>Own fade</p> },
  ],
};

const main = () => screen.getByRole('main');
const fading = () => main().classList.contains(PAGE_ENTER_CLASS);

async function openAt(path: string) {
  const view = renderApp(path, screens);
  await screen.findByText(/Page one|Page two|Own fade/);
  return view;
}

afterEach(() => vi.restoreAllMocks());

describe('the page transition', () => {
  it('fades the screen in when the path changes, not on the first page, and 300 ms long', async () => {
    const { router } = await openAt('/one');
    expect(fading()).toBe(false);
    expect(main().style.getPropertyValue('--page-transition')).toBe('300ms');
    await act(() => router.navigate('/two'));
    expect(screen.getByText('Page two')).toBeTruthy();
    expect(fading()).toBe(true);
  });

  it('ends with its own animation only, and a new search on the same path does not fade again', async () => {
    const { router } = await openAt('/one');
    await act(() => router.navigate('/two'));
    fireEvent.animationEnd(screen.getByText('Page two'));
    expect(fading()).toBe(true);
    fireEvent.animationEnd(main());
    expect(fading()).toBe(false);
    await act(() => router.navigate('/two?filter=mail'));
    expect(fading()).toBe(false);
  });

  it('keeps still for prefers-reduced-motion', async () => {
    const system = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...system(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    const { router } = await openAt('/one');
    await act(() => router.navigate('/two'));
    expect(screen.getByText('Page two')).toBeTruthy();
    expect(fading()).toBe(false);
  });

  it('leaves a route that fades by itself to its own fade', async () => {
    const { router } = await openAt('/one');
    await act(() => router.navigate('/fades-itself'));
    expect(screen.getByText('Own fade')).toBeTruthy();
    expect(fading()).toBe(false);
  });
});
