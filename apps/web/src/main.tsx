/**
 * Boot (the composition root): language and HTTP-client setup run before the app mounts (docs/requirements.md R2.1), the session
 * keeper is wired to the account store's start-up check, then the router renders.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/AppRoutes';
import { startSessionKeeper } from './app/session-keeper';
import { setBearer } from './lib/api';
import { initI18n } from './lib/i18n';
import { readStorage, STORAGE_KEYS } from './lib/storage';
import { onStartupChecked } from './stores/account';
import './styles.css';

async function boot(): Promise<void> {
  await initI18n();
  // HTTP client: the stored token is sent until the start-up check (guard A) confirms or removes it.
  setBearer(readStorage(STORAGE_KEYS.token));
  onStartupChecked(startSessionKeeper);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root manquant');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void boot();

// PWA: app shell, last data seen and push messages (src/sw.ts). Not in development (Vite serves modules).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
