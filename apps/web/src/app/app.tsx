import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { CookieBanner } from '../components/cookie-banner';
import { LoadingDots } from '../components/loading-dots';
import { RouteGuard } from './route-guard';
import { pathSegments } from './route-guard-rules';
import { appRoutes } from './routes';

function AppRoutes() {
  return useRoutes(appRoutes);
}

export function App() {
  const { pathname } = useLocation();
  // Spec section 2: the consent banner belongs to every page but the admin area's.
  const isAdminArea = pathSegments(pathname)[0] === 'admin';
  return (
    <Suspense fallback={<LoadingDots fullPage />}>
      <RouteGuard>
        <AppRoutes />
      </RouteGuard>
      {isAdminArea ? null : <CookieBanner />}
    </Suspense>
  );
}
