import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { CookieBanner } from '../components/cookie-banner';
import { LoadingDots } from '../components/loading-dots';
import { RouteGuard } from './route-guard';
import { pathSegments } from '../lib/path-match';
import { useAppRoutes } from './routes';

function AppRoutes() {
  return useRoutes(useAppRoutes());
}

/** `cookieConsent`: the server's reading of the consent cookie when it renders a public page (entry-server.tsx). */
export function App({ cookieConsent }: { cookieConsent?: boolean } = {}) {
  const { pathname } = useLocation();
  // Spec section 2: the consent banner belongs to every page but the admin area's.
  const isAdminArea = pathSegments(pathname)[0] === 'admin';
  return (
    <Suspense fallback={<LoadingDots fullPage />}>
      {/* First on the page and in its flow, not laid over it: it pushes the page down and covers nothing (WCAG 2.4.11). */}
      {isAdminArea ? null : <CookieBanner {...(cookieConsent === undefined ? {} : { accepted: cookieConsent })} />}
      <RouteGuard>
        <AppRoutes />
      </RouteGuard>
    </Suspense>
  );
}
