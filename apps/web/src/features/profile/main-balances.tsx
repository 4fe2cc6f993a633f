import { CardTypes } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useCardSwitch } from '../../api/queries/use-card-switch.ts';
import type { AgentInfo } from '../../api/types.ts';
import { TitledSection } from '../../components/titled-section.tsx';
import { formatCount } from '../../lib/format.ts';

/** An agent's card balances, as far as its card switch enables each type (SPEC §6). */
export const MainBalances = ({ agent }: { agent: AgentInfo | undefined }) => {
  const { t } = useTranslation();
  const switches = useCardSwitch();
  const cards = switches.data ? CardTypes.filter((card) => switches.data[card.field] === 1) : [];
  return (
    <TitledSection id="main-balances-title" title={t('account.center.balances')} testId="main-balances">
      {(!agent || !switches.data) && <Skeleton.Paragraph lineCount={2} animated />}
      {agent && switches.data && cards.length === 0 && (
        <p className="item-meta">{t('account.center.noCards')}</p>
      )}
      {agent && cards.length > 0 && (
        <ul className="main-balances">
          {cards.map((card) => (
            <li key={card.code} className="main-balances__item" data-testid={`main-balance-${card.key}`}>
              <span className="main-balances__count">{formatCount(agent[card.field])}</span>
              <span className="main-balances__label">{t(`card.${card.key}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
};
