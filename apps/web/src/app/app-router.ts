import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { appRoutes, withPagePrefetches } from './app-routes';

/** The application's router type (browser history in the app, memory history in tests). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the browser router over the app's route table; pages prefetch into `queryClient`. */
export function createAppRouter(queryClient: QueryClient): AppRouter {
  return createBrowserRouter(withPagePrefetches(appRoutes, queryClient));
}
