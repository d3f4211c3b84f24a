// First: configures zod before any schema is built (see the module).
import './lib/zod-jitless';
import 'react-toastify/ReactToastify.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/app-router';
import { createQueryClient } from './app/query-client';
import { setApiNavigator } from './lib/api-client';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// The API client runs outside React; give it the router so 403/402 redirects stay client-side.
setApiNavigator((to) => router.navigate(to));

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
