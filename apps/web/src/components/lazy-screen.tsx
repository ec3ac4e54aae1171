import { Suspense, use, type ComponentType } from 'react';
import { LoadingDots } from './loading-dots';
import { track } from '../lib/tracked-promise';

export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A code-split screen with its own Suspense boundary. Router navigations are transitions,
 * and only a newly mounted boundary shows its fallback during one, so each screen brings
 * its own indicator instead of freezing the previous page. `preload()` starts the download
 * early (the router does it for the first URL, so layout and page load in parallel).
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    if (!loading) {
      const attempt = track(load());
      // A failed download (offline) is tried again on the next render, not cached forever.
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
      loading = attempt;
    }
    return loading;
  };
  function Screen(props: P) {
    const { default: Component } = use(preload());
    return <Component {...props} />;
  }
  function LazyScreenBoundary(props: P) {
    return (
      <Suspense fallback={<LoadingDots />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyScreenBoundary, { preload });
}
