import type { QueryClient } from '@tanstack/react-query';
import { cmsRoutes } from '@nibras/contract';
import { callRoute, uploadRoute, type RequestBody } from '../../lib/http';
import { routeQuery } from '../../lib/query';

type RequestBodyOf<K extends keyof typeof cmsRoutes> = RequestBody<(typeof cmsRoutes)[K]>;

export const cmsKeys = { all: ['cms'] as const };

/** The views are public reads: the same answer for visitors and the admin screens. */
export const cmsQueries = {
  home: () => routeQuery([...cmsKeys.all, 'home'], cmsRoutes.viewHome),
  contact: () => routeQuery([...cmsKeys.all, 'contact'], cmsRoutes.viewContact),
  about: () => routeQuery([...cmsKeys.all, 'about'], cmsRoutes.viewAbout),
  privacy: () => routeQuery([...cmsKeys.all, 'privacy'], cmsRoutes.viewPrivacy),
};

export const saveHome = (body: RequestBodyOf<'saveHome'>) => callRoute(cmsRoutes.saveHome, { body });
export const saveContact = (body: RequestBodyOf<'saveContact'>) => callRoute(cmsRoutes.saveContact, { body });
export const saveAbout = (body: RequestBodyOf<'saveAbout'>) => callRoute(cmsRoutes.saveAbout, { body });
export const savePrivacyEntry = (body: RequestBodyOf<'savePrivacy'>) => callRoute(cmsRoutes.savePrivacy, { body });
export const deletePrivacyEntry = (id: number) => callRoute(cmsRoutes.deletePrivacy, { params: { id } });
export const updateHomeImage = (id: number, body: RequestBodyOf<'updateImage'>) => callRoute(cmsRoutes.updateImage, { params: { id }, body });
export const deleteHomeImage = (id: number) => callRoute(cmsRoutes.deleteImage, { params: { id } });
/** A hero image: its texts first (checked before a byte is stored), then the file. */
export const addHomeImage = (fields: Record<string, string | number>, file: File, onProgress: (percent: number) => void) =>
  uploadRoute(cmsRoutes.addImage, { fields, file, onProgress });

/** The pages' saved content (the home page's hero and images…), asked for with the page's code (app/routes.tsx) so its first paint has them. */
export const cmsPreloads = {
  home: async (client: QueryClient) => {
    await client.prefetchQuery(cmsQueries.home());
    // The carousel's code only when there are pictures to show.
    if (client.getQueryData(cmsQueries.home().queryKey)?.images.length) await import('./components/hero-carousel');
  },
  about: (client: QueryClient) => client.prefetchQuery(cmsQueries.about()),
  contact: (client: QueryClient) => client.prefetchQuery(cmsQueries.contact()),
  privacy: (client: QueryClient) => client.prefetchQuery(cmsQueries.privacy()),
};
