import { Navigate, Outlet, useLocation } from 'react-router';
import { getLoginInfo } from '../lib/storage.ts';

/**
 * SPEC §2: without login info in session storage every route but / and /404 sends the user to /. The
 * forgotten-password screen (/resetPwd) is the one addition (docs/decisions.md). Reading the location
 * makes the check run again on every navigation, not only when the signed-in screens are first entered.
 */
export const RequireLogin = () => {
  useLocation();
  return getLoginInfo() ? <Outlet /> : <Navigate to="/" replace />;
};
