import { lazyComponent } from '../../lib/lazy-component.tsx';
import { getLoginInfo } from '../../lib/storage.ts';
import './home.css';

// Each role loads only its own home.
const agentHome = lazyComponent(() => import('./agent-home.tsx').then((module) => module.AgentHome));
const orgHome = lazyComponent(() => import('./org-home.tsx').then((module) => module.OrgHome));
const forRole = () => (getLoginInfo()?.role === 1 ? orgHome : agentHome);

/** The signed-in role's half, loaded with the page, so the page's first render is the home itself. */
export const preload = () => forRole().load();

/** /home: the agent home for role 0, the company home for role 1 (SPEC §2). */
export const Component = () => forRole().element;
