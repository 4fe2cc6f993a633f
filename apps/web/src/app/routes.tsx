import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { GuestOnly, RequireAgent, RequireLogin } from './guard.tsx';
import { lazyPage, preloadPage } from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';

const signedInLayout = lazyPage(() => import('./signed-in-layout.tsx'));
const notFound = lazyPage(() => import('../features/not-found/not-found-page.tsx'));

/**
 * Every page is a lazy route, so the login route loads only what the login needs. Routes that later
 * issues build (/agentList, /orgAdd, /notice, …) fall through to the 404 page until they exist.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <GuestOnly />,
        children: [{ path: '/', element: lazyPage(() => import('../features/auth/login-page.tsx')) }],
      },
      { path: '/404', element: notFound },
      // A forgotten password is reset before anyone can log in (docs/decisions.md).
      { path: '/resetPwd', element: lazyPage(() => import('../features/account/reset-password-page.tsx')) },
      {
        element: <RequireLogin />,
        children: [
          {
            element: signedInLayout,
            children: [
              { path: '/home', element: lazyPage(() => import('../features/home/home-page.tsx')) },
              { path: '/main', element: lazyPage(() => import('../features/profile/main-page.tsx')) },
              { path: '/about', element: lazyPage(() => import('../features/about/about-page.tsx')) },
              { path: '/upregion', element: lazyPage(() => import('../features/org/region-page.tsx')) },
              {
                path: '/individualUser',
                element: lazyPage(() => import('../features/account/profile-page.tsx')),
              },
              { path: '/orgUser', element: lazyPage(() => import('../features/account/profile-page.tsx')) },
              {
                path: '/changePwd',
                element: lazyPage(() => import('../features/account/change-password-page.tsx')),
              },
              { path: '/sendSms', element: lazyPage(() => import('../features/account/phone-page.tsx')) },
              { path: '/feedback', element: lazyPage(() => import('../features/account/feedback-page.tsx')) },
              {
                path: '/userList',
                element: lazyPage(() => import('../features/terminal/user-list-page.tsx')),
              },
              {
                path: '/userDetail',
                element: lazyPage(() => import('../features/terminal/user-detail-page.tsx')),
              },
              { path: '/perfect', element: lazyPage(() => import('../features/terminal/perfect-page.tsx')) },
              {
                path: '/changeCard',
                element: lazyPage(() => import('../features/terminal/change-card-page.tsx')),
              },
              {
                path: '/groupList',
                element: lazyPage(() => import('../features/group/group-list-page.tsx')),
              },
              {
                path: '/groupDetail',
                element: lazyPage(() => import('../features/group/group-detail-page.tsx')),
              },
              { path: '/groupAdd', element: lazyPage(() => import('../features/group/group-add-page.tsx')) },
              {
                path: '/groupMembers',
                element: lazyPage(() => import('../features/group/group-members-page.tsx')),
              },
              {
                path: '/unMembers',
                element: lazyPage(() => import('../features/group/un-members-page.tsx')),
              },
              {
                path: '/groupChoice',
                element: lazyPage(() => import('../features/group/group-choice-page.tsx')),
              },
              {
                path: '/compereAdd',
                element: lazyPage(() => import('../features/group/compere-add-page.tsx')),
              },
              {
                path: '/ListeningGroup',
                element: lazyPage(() => import('../features/group/listening-group-page.tsx')),
              },
              {
                path: '/ListeningGroupAdd',
                element: lazyPage(() => import('../features/group/listening-group-add-page.tsx')),
              },
              { path: '/Search', element: lazyPage(() => import('../features/search/search-page.tsx')) },
              {
                path: '/fencelist',
                element: lazyPage(() => import('../features/fence/fence-list-page.tsx')),
              },
              {
                path: '/fenceDetail',
                element: lazyPage(() => import('../features/fence/fence-detail-page.tsx')),
              },
              {
                path: '/fenceEdit',
                element: lazyPage(() => import('../features/fence/fence-edit-page.tsx')),
              },
              {
                path: '/fenceAdministrator',
                element: lazyPage(() => import('../features/fence/fence-keeper-page.tsx')),
              },
              {
                path: '/fenceMembers',
                element: lazyPage(() => import('../features/fence/fence-members-page.tsx')),
              },
              {
                path: '/fenceMyMembersList',
                element: lazyPage(() => import('../features/fence/fence-add-members-page.tsx')),
              },
              {
                path: '/fencerecord',
                element: lazyPage(() => import('../features/fence/fence-record-page.tsx')),
              },
              { path: '/sosrdingList', element: lazyPage(() => import('../features/sos/sos-list-page.tsx')) },
              { path: '/sosDetail', element: lazyPage(() => import('../features/sos/sos-detail-page.tsx')) },
              {
                path: '/recordingList',
                element: lazyPage(() => import('../features/recording/recording-list-page.tsx')),
              },
              // The expiry radar: an agent renews from it, a company reads its own.
              {
                path: '/expiring',
                element: lazyPage(() => import('../features/renewal/expiring-page.tsx')),
              },
              // Reports: an agent's months (or a company's weeks); a company's own weeks.
              { path: '/reports', element: lazyPage(() => import('../features/report/report-page.tsx')) },
              // Who changed what: an agent's scope or a company's own.
              { path: '/audit', element: lazyPage(() => import('../features/audit/audit-page.tsx')) },
              {
                path: '/fleetMap',
                element: lazyPage(() => import('../features/location/fleet-map-page.tsx')),
              },
              {
                path: '/locationTrack',
                element: lazyPage(() => import('../features/recording/location-track-page.tsx')),
              },
              {
                // Agents' screens (their calls are agents' calls): a company is sent home, told why.
                element: <RequireAgent />,
                children: [
                  {
                    path: '/salesAdd',
                    element: lazyPage(() => import('../features/sales/sales-add-page.tsx')),
                  },
                  {
                    path: '/salesRecord',
                    element: lazyPage(() => import('../features/sales/sales-record-page.tsx')),
                  },
                  {
                    path: '/statement',
                    element: lazyPage(() => import('../features/statement/statement-page.tsx')),
                  },
                  {
                    path: '/statementUsers',
                    element: lazyPage(() => import('../features/statement/statement-users-page.tsx')),
                  },
                  {
                    path: '/agentChoice',
                    element: lazyPage(() => import('../features/sales/agent-choice-page.tsx')),
                  },
                  { path: '/notice', element: lazyPage(() => import('../features/notice/notice-page.tsx')) },
                  {
                    path: '/noticeUsers',
                    element: lazyPage(() => import('../features/notice/notice-users-page.tsx')),
                  },
                  {
                    path: '/system_notice',
                    element: lazyPage(() => import('../features/notice/system-notice-page.tsx')),
                  },
                  {
                    path: '/agentList',
                    element: lazyPage(() => import('../features/agent/agent-list-page.tsx')),
                  },
                  {
                    path: '/agentAdd',
                    element: lazyPage(() => import('../features/agent/agent-add-page.tsx')),
                  },
                  {
                    path: '/agentDetail',
                    element: lazyPage(() => import('../features/agent/agent-detail-page.tsx')),
                  },
                  { path: '/orgList', element: lazyPage(() => import('../features/org/org-list-page.tsx')) },
                  { path: '/orgAdd', element: lazyPage(() => import('../features/org/org-add-page.tsx')) },
                  {
                    path: '/orgDetail',
                    element: lazyPage(() => import('../features/org/org-detail-page.tsx')),
                  },
                  {
                    path: '/orgChoice',
                    element: lazyPage(() => import('../features/org/org-choice-page.tsx')),
                  },
                  {
                    path: '/changePayPwd',
                    element: lazyPage(() => import('../features/account/change-pay-password-page.tsx')),
                  },
                  {
                    path: '/scanCodeAdd',
                    element: lazyPage(() => import('../features/scan/scan-code-add-page.tsx')),
                  },
                  {
                    path: '/terminalImport',
                    element: lazyPage(() => import('../features/intake/intake-page.tsx')),
                  },
                  {
                    path: '/scanDetail',
                    element: lazyPage(() => import('../features/scan/scan-detail-page.tsx')),
                  },
                  {
                    path: '/scanConfirm',
                    element: lazyPage(() => import('../features/scan/scan-confirm-page.tsx')),
                  },
                  {
                    path: '/activationConfirm',
                    element: lazyPage(() => import('../features/terminal/activation-confirm-page.tsx')),
                  },
                  {
                    path: '/cardThresholds',
                    element: lazyPage(() => import('../features/renewal/card-thresholds-page.tsx')),
                  },
                  {
                    path: '/locationPayment',
                    element: lazyPage(() => import('../features/terminal/location-payment-page.tsx')),
                  },
                ],
              },
              { path: '*', element: notFound },
            ],
          },
        ],
      },
    ],
  },
];

/** The app's screens for the router around it (the browser's, or a test's memory router). */
export const AppRoutes = () => useRoutes(routes);

/**
 * Starts loading the chunks of every route that `pathname` opens (the signed-in layout and the page
 * alike) at once, instead of each after the one around it has arrived and rendered; resolves when all
 * are in (or have failed).
 */
export const preloadRoute = (pathname: string) =>
  Promise.all((matchRoutes(routes, pathname) ?? []).map((match) => preloadPage(match.route.element)));
