import { catalogue } from './catalogue.ts';
import { accountEn } from './en/account.ts';
import { manageEn } from './en/agent.ts';
import { auditEn } from './en/audit.ts';
import { fenceEn } from './en/fence.ts';
import { groupEn } from './en/group.ts';
import { intakeEn } from './en/intake.ts';
import { locationEn } from './en/location.ts';
import { mapEn } from './en/map.ts';
import { noticeEn } from './en/notice.ts';
import { recordingEn } from './en/recording.ts';
import { renewalEn } from './en/renewal.ts';
import { reportEn } from './en/report.ts';
import { salesEn } from './en/sales.ts';
import { scanEn } from './en/scan.ts';
import { searchEn } from './en/search.ts';
import { sosEn } from './en/sos.ts';
import { statementEn } from './en/statement.ts';
import { terminalEn } from './en/terminal.ts';
import { productName } from './languages.ts';

/** English: the reference locale. The other locales must have exactly these keys (a test checks it). */
export const en = {
  app: {
    title: productName,
    orgTitle: 'Management platform',
    loading: 'Loading…',
    navigating: 'Opening page…',
    agentOnly: 'Only agents can do this',
    offline: 'You are offline',
  },
  common: {
    choose: 'Choose',
    retry: 'Try again',
    reload: 'Reload',
    close: 'Close',
    back: 'Back',
    loadFailed: 'Could not load this part. Pull down or try again.',
    cancel: 'Cancel',
    balanceChange: 'Your balance: {{before}} → {{after}}',
    cardBalance: 'Your {{card}} balance: {{count}}',
  },
  exportFile: {
    open: 'Export',
    title: 'Export this list as it is filtered',
    csv: 'CSV (opens in Excel)',
    xlsx: 'Excel workbook (XLSX)',
    offline: 'You are offline: the file cannot be fetched',
  },
  range: {
    last: 'Last {{count}} days',
    from: 'From',
    to: 'To',
    all: 'All dates',
  },
  lang: {
    label: 'Language',
  },
  login: {
    heading: 'Welcome back',
    subtitle: 'Sign in to manage your intercom service',
    roleLabel: 'Account type',
    agent: 'Agent',
    org: 'Company',
    account: 'Account',
    accountPlaceholder: 'Enter your account',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    showPassword: 'Show password',
    submit: 'Log in',
    submitting: 'Logging in…',
    copyright: '© {{year}} {{title}}. All rights reserved.',
    version: 'v{{version}}',
  },
  puzzle: {
    title: 'Security verification',
    hint: 'Drag the slider to fit the piece into the gap',
    refresh: 'Load a new puzzle',
    close: 'Close',
    loading: 'Loading the puzzle…',
    error: 'The puzzle could not be loaded.',
    retry: 'Try again',
  },
  home: {
    search: 'Search',
    searchAgent: 'Search agent, company, group, user',
    searchSubAgent: 'Search company, group, user',
    searchOrg: 'Search group, user',
    profileLink: 'Open personal center',
    contact: 'Contact: {{contact}}',
    noContact: 'No contact set',
    balances: 'Service card balance',
    balanceOf: '{{card}} card balance: {{count}}',
    noCards: 'No service cards are enabled for this account.',
    quickCreate: 'Quick create',
    overview: 'Overview',
    createAgent: 'Create agent',
    createOrg: 'Create company',
    createGroup: 'Create group',
    myAgent: 'My agent',
    myOrg: 'My company',
    myGroup: 'My group',
    myUser: 'My user',
    groupCount: 'Groups',
    userCount: 'Users',
    fence: 'Electronic fence',
    recording: 'Recording records',
    sos: 'SOS records',
    fenceRecord: 'Electronic fence records',
    sosUnprocessed: '{{count}} unprocessed SOS',
    customerSos: 'SOS of my customers',
    bulletin: 'System bulletin',
    bulletinOpen: 'Open system bulletin: {{title}}',
    bulletinClose: 'Dismiss bulletin',
  },
  card: {
    voice: 'Voice',
    recording: 'Recording',
    location: 'Location',
    sos: 'SOS',
    fence: 'Fence',
    video: 'Video',
    duplex: 'Duplex',
    vip: 'VIP',
    unit_one: 'card',
    unit_other: 'cards',
  },
  tab: {
    label: 'Main actions',
    sales: 'Service card sales',
    salesRecord: 'Service card record',
    scan: 'Scan to create',
    notice: 'Notifications',
    unread: '{{count}} unread',
  },
  list: {
    offline: 'Cannot load while offline',
    offlineHint: 'The list loads by itself when the network is back.',
    failed: 'The list could not be loaded',
    retry: 'Try again',
  },
  pull: {
    pulling: 'Pull down to refresh',
    canRelease: 'Release to refresh',
    refreshing: 'Refreshing…',
    complete: 'Up to date',
  },
  main: {
    title: 'Personal center',
    agent: 'Agent',
    org: 'Company',
    account: 'Account',
    settings: 'Settings',
    about: 'About',
    logout: 'Log out',
    alarmPush: 'Alarm notifications on this phone',
    alarmPushHint: 'SOS and fence alarms, even when the app is closed',
    alarmPushDenied: 'Notifications are blocked for this site: allow them in the browser settings',
    alarmPushFailed: 'Could not turn on notifications on this phone',
  },
  about: {
    title: 'About',
    description: 'Manage push-to-talk intercom terminals, groups and service cards from your phone.',
    version: 'Version',
  },
  notFound: {
    title: 'Page not found',
    text: 'This page does not exist or is not available yet.',
    home: 'Back to home',
    login: 'Back to login',
  },
  error: {
    title: 'Something went wrong',
    text: 'The page could not be loaded. Check your connection and reload.',
  },
  ...salesEn,
  ...renewalEn,
  ...intakeEn,
  ...reportEn,
  ...auditEn,
  ...statementEn,
  ...noticeEn,
  ...manageEn,
  ...accountEn,
  ...scanEn,
  ...terminalEn,
  ...groupEn,
  ...searchEn,
  ...mapEn,
  ...sosEn,
  ...locationEn,
  ...fenceEn,
  ...recordingEn,
  msg: catalogue('en'),
};

export type Resources = typeof en;
