import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading.tsx';
import { getLoginInfo } from '../../lib/storage.ts';
import './home.css';

// Each role loads only its own home.
const AgentHome = lazy(() => import('./agent-home.tsx').then((module) => ({ default: module.AgentHome })));
const OrgHome = lazy(() => import('./org-home.tsx').then((module) => ({ default: module.OrgHome })));

/** /home: the agent home for role 0, the company home for role 1 (SPEC §2). */
export const Component = () => {
  const role = getLoginInfo()?.role;
  return <Suspense fallback={<PageLoading />}>{role === 1 ? <OrgHome /> : <AgentHome />}</Suspense>;
};
