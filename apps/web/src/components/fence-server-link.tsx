import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useOrgInfo } from '../api/queries/use-org-info.ts';
import { useEndpointQuery } from '../api/use-endpoint-query.ts';
import { fenceListLink } from '../lib/fence-server.ts';

/**
 * A link to the same fence list on the signed-in company's fence server, opening in a new tab, read from
 * its server list (GET /v1/org/getAssemblyUrl): under the list, in words, with a note that it opens only
 * inside the company's network; the internal address itself is the agent's business, not shown here.
 * Nothing when it has none.
 */
export const FenceServerLink = () => {
  const { t } = useTranslation();
  const servers = useEndpointQuery(api.org.getAssemblyUrl, {});
  const org = useOrgInfo();
  const link = servers.data && org.data ? fenceListLink(servers.data, org.data.id) : null;
  if (!link) return null;
  return (
    <section className="section fence-server" data-testid="fence-server">
      <a href={link} target="_blank" rel="noopener noreferrer" data-testid="fence-server-link">
        {t('fence.serverOpen')}
      </a>
      <p className="item-meta fence-server__address">{t('fence.serverIntranet')}</p>
    </section>
  );
};
