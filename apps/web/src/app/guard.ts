import { redirect } from 'react-router';
import { getLoginInfo } from '../lib/storage.ts';

/**
 * SPEC §2: without login info in session storage every route but / and /404 sends the user to /. The
 * forgotten-password screen (/resetPwd) is the one addition (docs/decisions.md).
 */
export const requireLogin = () => (getLoginInfo() ? null : redirect('/'));
