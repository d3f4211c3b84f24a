import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';

/** What `renderRoute` gives a test: the memory router (to read the location) and the query client. */
export interface RenderedRoute {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** Renders `element` at `path` in StrictMode with a memory router and fresh query client; other paths show a marker. */
export function renderRoute(path: string, element: ReactElement, initialEntry: InitialEntry = path): RenderedRoute {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { router, queryClient };
}
