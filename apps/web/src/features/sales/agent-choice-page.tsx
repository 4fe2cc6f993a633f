import { api } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { ChoicePage } from '../../components/choice-page.tsx';

/** /agentChoice: picks a sub-agent for sales and recycling and goes back to the caller's screen. */
export const Component = () => {
  const { t } = useTranslation();
  return (
    <ChoicePage
      testId="agent-choice"
      title={t('sales.chooseAgent')}
      searchText={t('sales.searchAgents')}
      endpoint={api.agent.list}
      params={(keyword) => ({ keyword })}
      empty={(keyword) => (keyword ? t('sales.noMatch') : t('sales.noAgents'))}
      kind="agent"
      fallback="/salesAdd"
      choice={(a) => ({ id: a.id, name: a.name })}
      meta={(a) => `${a.account} · ${a.contact}`}
    />
  );
};
