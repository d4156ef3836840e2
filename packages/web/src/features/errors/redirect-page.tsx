import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Refresh helper: /redirect/<path> immediately replaces itself with /<path>, remounting the page. */
export default function RedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = location.pathname.replace(/^\/redirect/, '') || '/';
    navigate(`${target}${location.search}`, { replace: true });
  }, [location, navigate]);
  return null;
}
