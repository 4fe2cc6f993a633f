/** One entry of a company's server list (GET /v1/org/getAssemblyUrl, and the company's detail). */
export interface ServerEntry {
  server_type: string;
  intranet_ip: string;
  intranet_port: number;
}

/** The server list's type of the fence server (SPEC §3). */
export const fenceServerType = 'enclosure';

/**
 * The fence list of a company on its fence server: `http://ip:port/fencelist?org_id=N`. The server list gives
 * only an address and a port, so the scheme is plain http (an intranet service) and the path and parameter
 * follow this app's own /fencelist; null when the company has no fence server or its address is no host.
 */
export function fenceListLink(servers: readonly ServerEntry[], orgId: number): string | null {
  const entry = servers.find((s) => s.server_type === fenceServerType);
  const ip = entry?.intranet_ip.trim() ?? '';
  // Anything in the address beyond a host (a path, a user, a query) would make another link than the one shown.
  if (!entry || ip === '' || /[/?#@\\\s]/.test(ip)) return null;
  const host = ip.includes(':') && !ip.startsWith('[') ? `[${ip}]` : ip;
  try {
    const url = new URL(`http://${host}:${entry.intranet_port}/fencelist`);
    url.searchParams.set('org_id', String(orgId));
    return url.toString();
  } catch {
    return null;
  }
}
