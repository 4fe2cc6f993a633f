import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { requireLogin } from './guard.ts';
import { lazyPage } from './lazy-route.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

const notFound = lazyPage(() => import('../features/not-found/not-found-page.tsx'));

/**
 * Every page is a lazy route, so the login route loads only what the login needs. Routes that later
 * issues build (/agentList, /orgAdd, /notice, …) fall through to the 404 page until they exist.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { path: '/', lazy: lazyPage(() => import('../features/auth/login-page.tsx')) },
      { path: '/404', lazy: notFound },
      // A forgotten password is reset before anyone can log in (docs/decisions.md).
      { path: '/resetPwd', lazy: lazyPage(() => import('../features/account/reset-password-page.tsx')) },
      {
        id: 'signed-in',
        loader: requireLogin,
        // The guard runs on every navigation, not only when this layout is first entered.
        shouldRevalidate: () => true,
        lazy: lazyPage(() => import('./signed-in-layout.tsx')),
        children: [
          { path: '/home', lazy: lazyPage(() => import('../features/home/home-page.tsx')) },
          { path: '/main', lazy: lazyPage(() => import('../features/profile/main-page.tsx')) },
          { path: '/about', lazy: lazyPage(() => import('../features/about/about-page.tsx')) },
          { path: '/salesAdd', lazy: lazyPage(() => import('../features/sales/sales-add-page.tsx')) },
          { path: '/salesRecord', lazy: lazyPage(() => import('../features/sales/sales-record-page.tsx')) },
          { path: '/agentChoice', lazy: lazyPage(() => import('../features/sales/agent-choice-page.tsx')) },
          { path: '/notice', lazy: lazyPage(() => import('../features/notice/notice-page.tsx')) },
          {
            path: '/system_notice',
            lazy: lazyPage(() => import('../features/notice/system-notice-page.tsx')),
          },
          { path: '/agentList', lazy: lazyPage(() => import('../features/agent/agent-list-page.tsx')) },
          { path: '/agentAdd', lazy: lazyPage(() => import('../features/agent/agent-add-page.tsx')) },
          { path: '/agentDetail', lazy: lazyPage(() => import('../features/agent/agent-detail-page.tsx')) },
          { path: '/orgList', lazy: lazyPage(() => import('../features/org/org-list-page.tsx')) },
          { path: '/orgAdd', lazy: lazyPage(() => import('../features/org/org-add-page.tsx')) },
          { path: '/orgDetail', lazy: lazyPage(() => import('../features/org/org-detail-page.tsx')) },
          { path: '/orgChoice', lazy: lazyPage(() => import('../features/org/org-choice-page.tsx')) },
          { path: '/upregion', lazy: lazyPage(() => import('../features/org/region-page.tsx')) },
          { path: '/individualUser', lazy: lazyPage(() => import('../features/account/profile-page.tsx')) },
          { path: '/orgUser', lazy: lazyPage(() => import('../features/account/profile-page.tsx')) },
          {
            path: '/changePwd',
            lazy: lazyPage(() => import('../features/account/change-password-page.tsx')),
          },
          {
            path: '/changePayPwd',
            lazy: lazyPage(() => import('../features/account/change-pay-password-page.tsx')),
          },
          { path: '/sendSms', lazy: lazyPage(() => import('../features/account/phone-page.tsx')) },
          { path: '/feedback', lazy: lazyPage(() => import('../features/account/feedback-page.tsx')) },
          { path: '/scanCodeAdd', lazy: lazyPage(() => import('../features/scan/scan-code-add-page.tsx')) },
          { path: '/scanDetail', lazy: lazyPage(() => import('../features/scan/scan-detail-page.tsx')) },
          { path: '/scanConfirm', lazy: lazyPage(() => import('../features/scan/scan-confirm-page.tsx')) },
          { path: '/userList', lazy: lazyPage(() => import('../features/terminal/user-list-page.tsx')) },
          { path: '/userDetail', lazy: lazyPage(() => import('../features/terminal/user-detail-page.tsx')) },
          { path: '/perfect', lazy: lazyPage(() => import('../features/terminal/perfect-page.tsx')) },
          {
            path: '/activationConfirm',
            lazy: lazyPage(() => import('../features/terminal/activation-confirm-page.tsx')),
          },
          { path: '/changeCard', lazy: lazyPage(() => import('../features/terminal/change-card-page.tsx')) },
          {
            path: '/locationPayment',
            lazy: lazyPage(() => import('../features/terminal/location-payment-page.tsx')),
          },
          { path: '/groupList', lazy: lazyPage(() => import('../features/group/group-list-page.tsx')) },
          { path: '/groupDetail', lazy: lazyPage(() => import('../features/group/group-detail-page.tsx')) },
          { path: '/groupAdd', lazy: lazyPage(() => import('../features/group/group-add-page.tsx')) },
          { path: '/groupMembers', lazy: lazyPage(() => import('../features/group/group-members-page.tsx')) },
          { path: '/unMembers', lazy: lazyPage(() => import('../features/group/un-members-page.tsx')) },
          { path: '/groupChoice', lazy: lazyPage(() => import('../features/group/group-choice-page.tsx')) },
          { path: '/compereAdd', lazy: lazyPage(() => import('../features/group/compere-add-page.tsx')) },
          {
            path: '/ListeningGroup',
            lazy: lazyPage(() => import('../features/group/listening-group-page.tsx')),
          },
          {
            path: '/ListeningGroupAdd',
            lazy: lazyPage(() => import('../features/group/listening-group-add-page.tsx')),
          },
          { path: '/Search', lazy: lazyPage(() => import('../features/search/search-page.tsx')) },
          { path: '/fencelist', lazy: lazyPage(() => import('../features/fence/fence-list-page.tsx')) },
          { path: '/fenceDetail', lazy: lazyPage(() => import('../features/fence/fence-detail-page.tsx')) },
          { path: '/fenceEdit', lazy: lazyPage(() => import('../features/fence/fence-edit-page.tsx')) },
          {
            path: '/fenceAdministrator',
            lazy: lazyPage(() => import('../features/fence/fence-keeper-page.tsx')),
          },
          { path: '/fenceMembers', lazy: lazyPage(() => import('../features/fence/fence-members-page.tsx')) },
          {
            path: '/fenceMyMembersList',
            lazy: lazyPage(() => import('../features/fence/fence-add-members-page.tsx')),
          },
          { path: '/fencerecord', lazy: lazyPage(() => import('../features/fence/fence-record-page.tsx')) },
          { path: '/sosrdingList', lazy: lazyPage(() => import('../features/sos/sos-list-page.tsx')) },
          { path: '/sosDetail', lazy: lazyPage(() => import('../features/sos/sos-detail-page.tsx')) },
          {
            path: '/recordingList',
            lazy: lazyPage(() => import('../features/recording/recording-list-page.tsx')),
          },
          {
            path: '/locationTrack',
            lazy: lazyPage(() => import('../features/recording/location-track-page.tsx')),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
