import { isSubAgentPath, Role } from '@ptt/contract';

/** The signed-in account a request acts for. */
export interface Caller {
  role: 0 | 1;
  /** Agent id for role 0, company id for role 1. */
  id: number;
  openid: string;
  /** Agents: their own path; companies: their agent's path. */
  path: string;
  sessionId: number;
}

/** The terminal a device call acts for (its device token). */
export interface Device {
  terminalId: number;
  orgId: number;
  agentPath: string;
  ssid: string;
  name: string;
  /** The company's GPS service: off, the terminal's positions are refused. */
  gps: boolean;
  /** The terminal's Location and Fence functions are active today (activated and not expired). */
  location: boolean;
  fence: boolean;
  /** The terminal's SOS and Recording functions are active today: without them it raises no SOS and keeps no talk. */
  sos: boolean;
  recording: boolean;
}

export const isAgent = (c: Caller) => c.role === Role.agent;
export const isOrg = (c: Caller) => c.role === Role.org;

/** What a caller may see: a company its own rows, an agent everything below its path. */
export type Scope = { orgId: number } | { path: string };
export const scopeOf = (c: Caller): Scope => (isOrg(c) ? { orgId: c.id } : { path: c.path });

export type ScopeKind = 'org' | 'sub' | 'top';
/**
 * The column a scope is an equality on, and its value. Agents are two levels deep, so a company's rows
 * are found by its id, a sub-agent's by their agent path (its companies carry it) and a top-level
 * agent's by their top path; tables scoped this way keep the three columns indexed.
 */
export const scopeKey = (scope: Scope): { kind: ScopeKind; value: number | string } =>
  'orgId' in scope
    ? { kind: 'org', value: scope.orgId }
    : { kind: isSubAgentPath(scope.path) ? 'sub' : 'top', value: scope.path };
