/**
 * `React.lazy` with a `preload()`: once the module is loaded, the lazy component resolves synchronously (a thenable
 * that calls back at once), so the first render after a preload never shows its Suspense fallback. The boot
 * preloads the current route's page before rendering over the prerendered first screen (docs/decisions/116).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PreloadableComponent<P extends object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  preload: () => Promise<unknown>;
}

export function lazyWithPreload<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= factory().then(
      (m) => {
        loaded = m;
        return m;
      },
      (err: unknown) => {
        // Asked again next time (a chunk that failed offline may load later).
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    if (!loaded) return preload();
    const mod = loaded;
    // React reads a thenable's result through `then`; this one calls back at once.
    const now = {
      then(resolve: (m: { default: ComponentType<P> }) => unknown) {
        resolve(mod);
      },
    };
    return now as unknown as Promise<{ default: ComponentType<P> }>;
  });
  return { Component, preload };
}
