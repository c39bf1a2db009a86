/**
 * Renders a screen or a part as the app does: a fresh query client (no retry, so an error shows at once), a router
 * at `route` (with `path` as the route pattern when the screen reads its parameters), in French or English.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLangue, type Langue } from '../src/lib/i18n';

export interface ScreenOptions {
  /** The URL the router starts at (default `/`). */
  route?: string;
  /** The route pattern whose parameters the screen reads (default: the screen at every path). */
  path?: string;
  langue?: Langue;
}

export async function renderScreen(
  ui: ReactElement,
  { route = '/', path = '*', langue = 'fr' }: ScreenOptions = {},
): Promise<RenderResult & { user: ReturnType<typeof userEvent.setup>; client: QueryClient }> {
  await setLangue(langue);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          {path !== '*' && <Route path="*" element={<p>Une autre page</p>} />}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, client };
}
