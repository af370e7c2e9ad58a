import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applyTheme, readDarkMode } from '../theme/theme-store.js';
import { createQueryClient } from './query-client.js';
import { createAppRouter } from './routes.js';
import '../styles/theme.css';
import '../styles/base.css';

// Before the first render, so a dark-theme user never sees a light flash.
applyTheme(readDarkMode());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
