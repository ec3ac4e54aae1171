import type { QueryClient } from '@tanstack/react-query';
import { Suspense, use, useSyncExternalStore } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { lazyScreen } from '../components/lazy-screen';
import { LoadingDots } from '../components/loading-dots';
import { track } from '../lib/tracked-promise';
import { handle, page, type Preload, type RouteHandle } from './route-handles';
import { preloadPublicStylesheet } from '../layouts/public-stylesheet';
import { paths, patterns } from '../config/paths';
// The features' query modules, not their public files: those bring the header's and footer's
// components into the first script of every area, the admin one included.
import { catalogPreloads } from '../features/catalog/api';
import { preloadSearch } from '../features/search/api';
import { cmsPreloads } from '../features/cms/api';
import { authProvidersQuery } from '../features/accounts/api';

const PublicLayout = lazyScreen(() => import('../layouts/public-layout'));
const AdminAuthLayout = lazyScreen(() => import('../layouts/admin-auth-layout'));

const HomePage = lazyScreen(() => import('../features/catalog/pages/home-page'));
const SearchPage = lazyScreen(() => import('../features/search/pages/search-page'));
const CategoryPage = lazyScreen(() => import('../features/catalog/pages/category-page'));
const CourseDetailsPage = lazyScreen(() => import('../features/catalog/pages/course-details-page'));
const AboutPage = lazyScreen(() => import('../features/cms/pages/about-page'));
const ContactPage = lazyScreen(() => import('../features/outreach/pages/contact-page'));
const NewsletterConfirmPage = lazyScreen(() => import('../features/outreach/pages/newsletter-confirm-page'));
const NewsletterUnsubscribePage = lazyScreen(() => import('../features/outreach/pages/newsletter-unsubscribe-page'));
const PrivacyPage = lazyScreen(() => import('../features/cms/pages/privacy-page'));
const ResetPasswordPage = lazyScreen(() => import('../features/accounts/pages/reset-password-page'));
const ForgotPasswordPage = lazyScreen(() => import('../features/accounts/pages/forgot-password-page'));
const MemberAuthPage = lazyScreen(() => import('../features/accounts/pages/member-auth-page'));
const GoogleSignInPage = lazyScreen(() => import('../features/accounts/pages/google-sign-in-page'));
const AdminLoginPage = lazyScreen(() => import('../features/accounts/pages/admin-login-page'));
const NotFoundPage = lazyScreen(() => import('../components/not-found-page'));
const CertificatePage = lazyScreen(() => import('../features/certificates/pages/certificate-page'));

/** The sign-in screens' Google button comes with them, not after them (no shift when it appears). */
const preloadProviders: Preload = ({ queryClient }) => queryClient.prefetchQuery(authProvidersQuery());

/** The public site's screens and the admin's sign-in; the role areas come from role-routes.tsx (below). */
const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // The footer's categories come with the home page's data.
    handle: handle(PublicLayout.preload, preloadPublicStylesheet, ({ queryClient }) => catalogPreloads.home(queryClient)),
    children: [
      { index: true, element: <HomePage />, handle: handle(HomePage.preload, ({ queryClient }) => cmsPreloads.home(queryClient)) },
      page(patterns.about, <AboutPage />, AboutPage, ({ queryClient }) => cmsPreloads.about(queryClient)),
      page(patterns.contact, <ContactPage />, ContactPage, ({ queryClient }) => cmsPreloads.contact(queryClient)),
      page(patterns.privacy, <PrivacyPage />, PrivacyPage, ({ queryClient }) => cmsPreloads.privacy(queryClient)),
      page(patterns.search, <SearchPage />, SearchPage, ({ queryClient, search }) => preloadSearch(queryClient, search)),
      page(patterns.category, <CategoryPage />, CategoryPage, ({ queryClient, params, search }) => catalogPreloads.category(queryClient, params.id, search)),
      page(patterns.courseDetails, <CourseDetailsPage />, CourseDetailsPage, ({ queryClient, params }) => catalogPreloads.details(queryClient, params.id)),
      page(patterns.resetPassword, <ResetPasswordPage />, ResetPasswordPage),
      page(patterns.certificate, <CertificatePage />, CertificatePage),
      page(patterns.newsletterConfirm, <NewsletterConfirmPage />, NewsletterConfirmPage),
      page(patterns.newsletterUnsubscribe, <NewsletterUnsubscribePage />, NewsletterUnsubscribePage),
      page(patterns.instructorLogin, <MemberAuthPage role="instructor" mode="login" />, MemberAuthPage, preloadProviders),
      page(patterns.instructorRegister, <MemberAuthPage role="instructor" mode="register" />, MemberAuthPage, preloadProviders),
      page(patterns.participantLogin, <MemberAuthPage role="participant" mode="login" />, MemberAuthPage, preloadProviders),
      page(patterns.participantRegister, <MemberAuthPage role="participant" mode="register" />, MemberAuthPage, preloadProviders),
      page(patterns.instructorGoogle, <GoogleSignInPage role="instructor" />, GoogleSignInPage),
      page(patterns.participantGoogle, <GoogleSignInPage role="participant" />, GoogleSignInPage),
      page(patterns.instructorForgotPassword, <ForgotPasswordPage role="instructor" />, ForgotPasswordPage),
      page(patterns.participantForgotPassword, <ForgotPasswordPage role="participant" />, ForgotPasswordPage),
      page('*', <NotFoundPage home={paths.home} />, NotFoundPage),
    ],
  },
  {
    element: <AdminAuthLayout />,
    handle: handle(AdminAuthLayout.preload),
    children: [page(patterns.adminLogin, <AdminLoginPage />, AdminLoginPage)],
  },
];

/*
 * The role areas' routes live in a module of their own (docs/decisions/017, addendum of issue 30, point 3): the
 * public pages' entry would otherwise carry every signed-in screen's route and the map of its files, which grows with
 * each new screen. Until that module has arrived, each area is one route that waits for it (its own loading
 * indicator); then the table holds the real areas and the router matches again.
 */
let roleRoutes: RouteObject[] | null = null;
let loadingRoleRoutes: Promise<RouteObject[]> | null = null;
const listeners = new Set<() => void>();

/** Loads the role areas' routes once (again after a failed download); the table changes when they arrive. */
export function loadRoleRoutes(): Promise<RouteObject[]> {
  if (!loadingRoleRoutes) {
    const attempt = track(
      import('./role-routes').then((module) => {
        roleRoutes = module.roleRoutes;
        for (const listener of listeners) listener();
        return module.roleRoutes;
      }),
    );
    attempt.catch(() => {
      if (loadingRoleRoutes === attempt) loadingRoleRoutes = null;
    });
    loadingRoleRoutes = attempt;
  }
  return loadingRoleRoutes;
}

function RoleRoutesLoading() {
  use(loadRoleRoutes());
  return null;
}

const ROLE_AREA_PLACEHOLDERS: RouteObject[] = (['admin', 'instructor', 'participant'] as const).map((role) => ({
  path: `/${role}/*`,
  element: (
    <Suspense fallback={<LoadingDots />}>
      <RoleRoutesLoading />
    </Suspense>
  ),
  handle: { roleArea: true },
}));

let table: RouteObject[] = [...publicRoutes, ...ROLE_AREA_PLACEHOLDERS];
listeners.add(() => {
  table = [...publicRoutes, ...(roleRoutes ?? ROLE_AREA_PLACEHOLDERS)];
});

/** Every screen of spec section 2 that exists so far, as far as it has loaded; the guard rules live in route-guard-rules.ts. */
export function appRoutes(): RouteObject[] {
  return table;
}

/** The route table for useRoutes: the role areas' real routes once they have arrived. */
export function useAppRoutes(): RouteObject[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    appRoutes,
    appRoutes,
  );
}

/** Downloads the layout, page, style sheet and data of an address in parallel instead of one after another. */
export async function preloadRoute(location: { pathname: string; search: string }, queryClient: QueryClient): Promise<unknown> {
  let matches = matchRoutes(appRoutes(), location.pathname) ?? [];
  // An address of a role area: its routes first, then what its screen needs.
  if (matches.some((match) => (match.route.handle as { roleArea?: boolean } | undefined)?.roleArea)) {
    await loadRoleRoutes().catch(() => undefined);
    matches = matchRoutes(appRoutes(), location.pathname) ?? [];
  }
  const search = new URLSearchParams(location.search);
  return Promise.allSettled(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.({ params: match.params, search, queryClient })));
}
