import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { showToast } from '../components/toast.ts';
import { getLoginInfo } from '../lib/storage.ts';

/**
 * SPEC §2: without login info in session storage every route but / and /404 sends the user to /. The
 * forgotten-password screen (/resetPwd) is the one addition (docs/decisions.md). Reading the location
 * makes the check run again on every navigation, not only when the signed-in screens are first entered.
 */
/**
 * The login page is for visitors: a signed-in user who opens `/` (a bookmark, the installed app's start)
 * goes to his home instead of a login form that looks as if he had been signed out.
 */
export const GuestOnly = () => {
  useLocation();
  return getLoginInfo() ? <Navigate to="/home" replace /> : <Outlet />;
};

export const RequireLogin = () => {
  useLocation();
  return getLoginInfo() ? <Outlet /> : <Navigate to="/" replace />;
};

/**
 * Screens whose calls are agents' only (sales, agents, companies, batch creation, renewals, notices):
 * a company that reaches one, by a link or by typing the address, hears why and is sent home, as a
 * sub-agent is from top-level screens.
 */
export const RequireAgent = () => {
  useLocation();
  const { t } = useTranslation();
  const company = getLoginInfo()?.role === 1;
  useEffect(() => {
    if (company) showToast(t('app.agentOnly'));
  }, [company, t]);
  return company ? <Navigate to="/home" replace /> : <Outlet />;
};
