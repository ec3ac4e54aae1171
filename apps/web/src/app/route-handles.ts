import type { QueryClient } from '@tanstack/react-query';
import type { Params, RouteObject } from 'react-router';

/** What a route's preload knows of the address it is preloading for. */
export interface PreloadContext {
  params: Params;
  search: URLSearchParams;
  queryClient: QueryClient;
}
export type Preload = (context: PreloadContext) => unknown;

export interface RouteHandle {
  /** Starts downloading what this route renders (code, style sheet, and the data of its first paint), before React gets to it. */
  preload: (context: PreloadContext) => Promise<unknown>;
}

export function handle(...preloads: Preload[]): RouteHandle {
  return { preload: (context) => Promise.allSettled(preloads.map((preload) => preload(context))) };
}

export function page(path: string, element: React.ReactElement, screen: { preload: () => unknown }, data?: Preload): RouteObject {
  return { path, element, handle: data ? handle(screen.preload, data) : handle(screen.preload) };
}
