import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import { ThemeProvider } from '../features/theme/components/theme-provider';
import { useTheme } from '../features/theme/hooks/use-theme';

/** Toasts close themselves after 5 s or on click (spec §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;

function ThemedToastContainer() {
  const { colorMode } = useTheme();
  return <ToastContainer autoClose={TOAST_AUTO_CLOSE_MS} closeOnClick theme={colorMode} />;
}

/** Everything the screens expect above them: server-state cache, colour mode and the toast container. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToastContainer />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
