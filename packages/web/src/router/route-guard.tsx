import { Spin } from 'antd';
import { lazy, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { page } from '../components/page-loading.tsx';
import { useSession } from '../stores/session.store.ts';

/**
 * The original also let /tools/browser open without a session; here its proxy serves signed-in
 * people only (it fetches pages from the server's network), so the tool asks for a sign-in first.
 */
export const WHITE_LIST = ['/login', '/register', '/shard/defect'];

export function isWhiteListed(pathname: string): boolean {
  return WHITE_LIST.includes(pathname);
}

/** Loads user info and menus once per session, then lets the (now complete) route table match. */
function SessionLoader() {
  const loadSession = useSession((s) => s.loadSession);
  const clear = useSession((s) => s.clear);
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    loadSession().catch(() => {
      // The HTTP layer has already shown the reason; without user info the session is unusable.
      clear();
      navigate('/', { replace: true });
    });
  }, [loadSession, clear, navigate]);

  return <Spin fullscreen spinning />;
}

/** A visitor without a session goes to the login page, which keeps where they wanted to go. */
export function SignInRedirect() {
  const location = useLocation();
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return <Navigate to={`/login?redirect=${redirect}`} replace />;
}

const RequiredPasswordPage = lazy(() => import('../features/auth/required-password-page.tsx'));

export function RouteGuard() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const isLoaded = useSession((s) => s.isLoaded);
  const isPasswordChangeRequired = useSession((s) => s.isPasswordChangeRequired);

  if (!token) return isWhiteListed(location.pathname) ? <Outlet /> : <SignInRedirect />;
  if (!isLoaded) return <SessionLoader />;
  if (isPasswordChangeRequired) return page(<RequiredPasswordPage />);
  return <Outlet />;
}

/** /login and /register for someone already logged in lead home instead. */
export function GuestOnly({ children }: { children: React.ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (token && location.pathname === '/login') return <Navigate to="/" replace />;
  return <>{children}</>;
}
