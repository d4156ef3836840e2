import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { checkPermi } from '../lib/permissions.ts';
import { useSession } from '../stores/session.store.ts';
import { resolvePage } from './components.ts';
import { GuestOnly, RouteGuard } from './route-guard.tsx';
import { flattenRoutes } from './route-tree.ts';
import { STATIC_ROUTES } from './static-routes.ts';

const AppLayout = lazy(() => import('../layout/app-layout.tsx'));
const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx'));
const UnauthorizedPage = lazy(() => import('../features/errors/unauthorized-page.tsx'));
const RedirectPage = lazy(() => import('../features/errors/redirect-page.tsx'));
// Public: works with or without a login, so it sits outside the guard and the layout.
const SharedDefectPage = lazy(() => import('../features/defects/shared-defect-page.tsx'));
const InnerLinkPage = lazy(() => import('../features/errors/inner-link-page.tsx'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

export function AppRoutes() {
  const routes = useSession((s) => s.routes);
  const permissions = useSession((s) => s.permissions);
  const flat = useMemo(() => flattenRoutes(routes), [routes]);
  const statics = STATIC_ROUTES.filter((r) => !r.permi || checkPermi(permissions, r.permi));

  return (
    <Routes>
      <Route path="/login" element={page(<GuestOnly>{<LoginPage />}</GuestOnly>)} />
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
