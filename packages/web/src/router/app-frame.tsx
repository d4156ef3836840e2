import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { lazy, useEffect, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { page } from '../components/page-loading.tsx';
import '../lib/dayjs-locale.ts';
import { setFeedback } from '../lib/feedback.ts';
import { setPasswordChangeHandler, setUnauthorizedHandler } from '../lib/http.ts';
import { lazyPage } from '../lib/lazy-page.ts';
import { checkPermi } from '../lib/permissions.ts';
import { useSession } from '../stores/session.store.ts';
import { resolvePage } from './components.ts';
import { RouteGuard } from './route-guard.tsx';
import { flattenRoutes } from './route-tree.ts';
import { HOME_PAGE, STATIC_ROUTES } from './static-routes.ts';

/*
 * Everything but the sign-in page, loaded after it: the query cache, antd's App (the context-aware
 * message, modal and notification), the realtime connection, the layout and the route table with
 * every page. The sign-in page carries none of it (issue 16: its JavaScript budget).
 */

const AppLayout = lazyPage(() => import('../layout/app-layout.tsx'));
const AppRealtime = lazyPage(() => import('../app-realtime.tsx'));
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx'));
const UnauthorizedPage = lazy(() => import('../features/errors/unauthorized-page.tsx'));
const RedirectPage = lazy(() => import('../features/errors/redirect-page.tsx'));
// Public: works with or without a login, so it sits outside the guard and the layout.
const SharedDefectPage = lazy(() => import('../features/defects/shared-defect-page.tsx'));
const InnerLinkPage = lazy(() => import('../features/errors/inner-link-page.tsx'));

/** The layout, the socket and the home page, loaded ahead while someone signs in. */
export const preloadFirstPage = () =>
  Promise.all([AppLayout.preload(), AppRealtime.preload(), HOME_PAGE.preload()]);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// Whoever signs in next in this tab must not see the previous person's cached data.
useSession.subscribe((state, previous) => {
  if (previous.token && !state.token) queryClient.clear();
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

setPasswordChangeHandler(() => useSession.getState().requirePasswordChange());

/** Hands the context-aware message/modal/notification to non-React code (the HTTP client). */
function FeedbackBridge() {
  const { message, modal, notification } = App.useApp();
  useEffect(() => {
    setFeedback({ message, modal, notification });
    // Back on the sign-in page the holders are gone: the static functions take over again.
    return () => setFeedback(undefined);
  }, [message, modal, notification]);
  return null;
}

/** The realtime connection follows the session (it opens once the user id is known). */
function SessionRealtime() {
  const isSignedIn = useSession((s) => s.user?.userId !== undefined && !s.isPasswordChangeRequired);
  return isSignedIn ? page(<AppRealtime />, null) : null;
}

function FrameRoutes() {
  const routes = useSession((s) => s.routes);
  const permissions = useSession((s) => s.permissions);
  const flat = useMemo(() => flattenRoutes(routes), [routes]);
  const statics = STATIC_ROUTES.filter((r) => !r.permi || checkPermi(permissions, r.permi));

  return (
    <Routes>
      <Route path="/register" element={page(<RegisterPage />)} />
      <Route path="/401" element={page(<UnauthorizedPage />)} />
      <Route path="/404" element={page(<NotFoundPage />)} />
      <Route path="/shard/defect" element={page(<SharedDefectPage />)} />
      <Route element={<RouteGuard />}>
        {statics
          .filter((r) => r.layout === false)
          .map((r) => (
            <Route key={r.path} path={r.path} element={page(<r.page />)} />
          ))}
        <Route element={page(<AppLayout />)}>
          <Route path="/" element={<Navigate to="/index" replace />} />
          <Route path="/redirect/*" element={page(<RedirectPage />)} />
          {statics
            .filter((r) => r.layout !== false)
            .map((r) => (
              <Route key={r.path} path={r.path} element={page(<r.page />)} />
            ))}
          {flat.map((r) => {
            const Page = resolvePage(r.component);
            const leaf = r.chain[r.chain.length - 1];
            const element =
              r.component === 'InnerLink' ? <InnerLinkPage link={leaf?.meta.link ?? ''} /> : <Page />;
            return <Route key={r.path} path={r.path} element={page(element)} />;
          })}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}

export default function AppFrame() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Notifications (the notice pop-up among them) open below the 50 px navbar, not over the bell. */}
      <App notification={{ top: 58 }}>
        <FeedbackBridge />
        <SessionRealtime />
        <FrameRoutes />
      </App>
    </QueryClientProvider>
  );
}
