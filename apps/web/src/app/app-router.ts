import { createBrowserRouter } from 'react-router';
import { appRoutes } from './app-routes';

/** The application's router type (browser history in the app, memory history in tests). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the browser router over the app's route table. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(appRoutes);
}
