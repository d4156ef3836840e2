import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import './lib/i18n.ts';
import './styles.css';
import { AppProviders } from './app-providers.tsx';
import { AppRealtime } from './app-realtime.tsx';
import { setUnauthorizedHandler } from './lib/http.ts';
import { AppRoutes } from './router/app-routes.tsx';
import { useSession } from './stores/session.store.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// "Log in again" after an expired session: drop everything and start over from the home route.
setUnauthorizedHandler(() => {
  void useSession
    .getState()
    .logout()
    .finally(() => {
      queryClient.clear();
      window.location.hash = '#/index';
    });
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppProviders>
          <HashRouter>
            <AppRealtime />
            <AppRoutes />
          </HashRouter>
        </AppProviders>
      </QueryClientProvider>
    </StrictMode>,
  );
}
