import { lazy } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { page } from '../components/page-loading.tsx';
import { loadAllTexts } from '../lib/i18n.ts';
import { lazyPage } from '../lib/lazy-page.ts';
import { useSession } from '../stores/session.store.ts';
import { GuestOnly, SignInRedirect } from './route-guard.tsx';
import { setWarmUp } from './warm-up.ts';

const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
// Every other route, with the providers and the route table they need (app-frame.tsx), and the
// whole dictionaries (the sign-in page carries its own texts only).
const AppFrame = lazyPage(() =>
  Promise.all([import('./app-frame.tsx'), loadAllTexts().catch(() => {})]).then(([frame]) => frame),
);

// While someone signs in: the frame and what the first page after it shows (warm-up.ts).
setWarmUp(() => AppFrame.preload().then((frame) => frame.preloadFirstPage()));

// What the app frame shows without a session. Any other address needs one: a visitor without it
// goes to the sign-in page at once, without loading the frame first.
const PUBLIC_PATHS = ['/register', '/401', '/404', '/shard/defect'];

function FrameRoute() {
  const token = useSession((s) => s.token);
  const { pathname } = useLocation();
  if (!token && !PUBLIC_PATHS.includes(pathname)) return <SignInRedirect />;
  return page(<AppFrame />);
}

/** The sign-in page on its own; whatever else the address names is the app frame's to route. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={page(<GuestOnly>{<LoginPage />}</GuestOnly>)} />
      <Route path="*" element={<FrameRoute />} />
    </Routes>
  );
}
