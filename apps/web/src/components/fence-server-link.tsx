import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useOrgInfo } from '../api/queries/use-org-info.ts';
import { useEndpointQuery } from '../api/use-endpoint-query.ts';
import { fenceListLink } from '../lib/fence-server.ts';

/**
 * "Fence server: http://ip:port/fencelist?org_id=N", opening in a new tab: the signed-in company's fence
 * server, read from its server list (GET /v1/org/getAssemblyUrl). Nothing when it has none.
 */
export const FenceServerLink = () => {
  const { t } = useTranslation();
  const servers = useEndpointQuery(api.org.getAssemblyUrl, {});
  const org = useOrgInfo();
  const link = servers.data && org.data ? fenceListLink(servers.data, org.data.id) : null;
  if (!link) return null;
  return (
    <p className="item-meta fence-server" data-testid="fence-server">
      {t('fence.server')}{' '}
      <a href={link} target="_blank" rel="noopener noreferrer" data-testid="fence-server-link">
        {link}
      </a>
    </p>
  );
};
