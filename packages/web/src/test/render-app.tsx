import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes, routes } from '../app/routes.js';

/** Screens a test adds to the shell, as the route table would. */
export interface TestScreens {
  signedIn?: RouteObject[];
  visitor?: RouteObject[];
  /** Screens for anyone, signed in or not. */
  open?: RouteObject[];
}

/**
 * Renders the app at `path` in a memory router. Without screens it uses the real route table;
 * with screens it builds the same shell (buildRoutes) around them. Answers the router to read its location.
 */
export function renderApp(path: string, screens?: TestScreens) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = screens
    ? buildRoutes(screens.signedIn ?? [], screens.visitor ?? [], screens.open ?? [])
    : routes;
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
