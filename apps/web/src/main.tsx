/**
 * Boot (the composition root): language and HTTP-client setup run before the app mounts (docs/requirements.md R2.1), the session
 * keeper is wired to the account store's start-up check, then the router renders.
 */
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadPage } from './app/AppRoutes';
import { answersFollowLangue } from './app/answers-follow-langue';
import { holdPrerenderedScreen } from './app/prerender-handoff';
import { prerenderedKey } from './app/prerendered-routes';
import { startSessionKeeper } from './app/session-keeper';
import { whenQueriesSettle } from './app/when-settled';
import { setBearer } from './lib/api';
import { prepareFormats } from './lib/format';
import { coalescingScheduler } from './lib/query-scheduler';
import { initI18n, onLangueChange } from './lib/i18n';
import { readStorage, STORAGE_KEYS } from './lib/storage';
import { yieldToBrowser } from './lib/yield';
import { onStartupChecked } from './stores/account';
import { retryOnce } from './lib/query-retry';
import './styles.css';

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

async function boot(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root manquant');
  // The first screen the server's HTML carries, if any (docs/decisions/116), and its key when it is this path's.
  const painted = root.dataset['prerendered'];
  const paintedHere =
    painted !== undefined && painted === prerenderedKey(window.location.pathname) ? painted : null;
  // What is typed or sent on the prerendered screen while the app loads is kept for the app's screen.
  const handoff = paintedHere !== null ? holdPrerenderedScreen(root) : null;
  await initI18n();
  // HTTP client: the stored token is sent until the start-up check (guard A) confirms or removes it.
  setBearer(readStorage(STORAGE_KEYS.token));
  onStartupChecked(startSessionKeeper);
  // The answers arriving within 50 ms of each other are rendered together (lib/query-scheduler.ts).
  notifyManager.setScheduler(coalescingScheduler(50));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: retryOnce, refetchOnWindowFocus: false } },
  });
  // Sentences of the API (errors, reasons) are in the language of their request: asked again when it changes (ADR 125).
  answersFollowLangue(queryClient, onLangueChange);
  // The boot is cut into tasks of its own (docs/decisions/132): the evaluation of this module, the first Intl
  // formatters (ICU's data), the page's code, and the first render each end before the next begins, so that none
  // adds to another into one long task on a phone.
  await yieldToBrowser();
  prepareFormats(Date.now());
  await yieldToBrowser();
  // The server's HTML may carry the page's first screen (docs/decisions/116). The app renders over it once the
  // page's code is here, so that no loading state shows in between; a screen prerendered for another path (the
  // service worker's offline copy of `/`) is removed at once.
  // A chunk that fails to load is asked again by the lazy page, which shows its error state.
  if (paintedHere !== null) await preloadPage(paintedHere).catch(() => undefined);
  else if (painted !== undefined) root.replaceChildren();
  await yieldToBrowser();
  handoff?.beforeRender();
  const app = createRoot(root);
  // As a transition, React renders the first tree in slices of a few milliseconds and yields to the browser in
  // between (a plain first render is one long task): the prerendered screen stays readable and answers input
  // meanwhile, and the main thread is never blocked for long (docs/decisions/116).
  startTransition(() => {
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
  // PWA: app shell, last data seen and push messages (src/sw.ts). Not in development (Vite serves modules). Registered
  // once the page and its data have loaded, since its install precaches the whole app (docs/decisions/131).
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    void loaded()
      .then(() => whenQueriesSettle(queryClient))
      .then(() => navigator.serviceWorker.register('/sw.js'))
      .catch(() => undefined);
  }
}

void boot();
