import Badge from 'antd-mobile/es/components/badge';
import { BellOutline, ReceiptOutline, ScanCodeOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNewUnreadCount } from '../../api/queries/use-new-unread-count.ts';
import { badgeText } from '../../lib/format.ts';

interface Props {
  subAgent: boolean;
  /** undefined while the agent loads; the unread badge waits for it. */
  agentId: number | undefined;
}

/** The agent home's bottom bar (SPEC §2). Sub-agents get the card record instead of card sales. */
export const HomeTabBar = ({ subAgent, agentId }: Props) => {
  const { t } = useTranslation();
  const unread = useNewUnreadCount(agentId).data ?? 0;
  return (
    <nav className="tab-bar" aria-label={t('tab.label')}>
      {subAgent ? (
        <Link to="/salesRecord" className="tab-bar__item" data-testid="tab-sales-record">
          <ReceiptOutline aria-hidden className="tab-bar__icon" />
          <span>{t('tab.salesRecord')}</span>
        </Link>
      ) : (
        <Link to="/salesAdd" className="tab-bar__item" data-testid="tab-sales">
          <ShopbagOutline aria-hidden className="tab-bar__icon" />
          <span>{t('tab.sales')}</span>
        </Link>
      )}
      <Link to="/scanCodeAdd" className="tab-bar__item" data-testid="tab-scan">
        <ScanCodeOutline aria-hidden className="tab-bar__icon" />
        <span>{t('tab.scan')}</span>
      </Link>
      <Link to="/notice" className="tab-bar__item" data-testid="tab-notice">
        <Badge content={unread > 0 ? badgeText(unread) : null} className="tab-bar__badge">
          <BellOutline aria-hidden className="tab-bar__icon" />
        </Badge>
        <span>{t('tab.notice')}</span>
        {unread > 0 && <span className="visually-hidden">{t('tab.unread', { count: unread })}</span>}
      </Link>
    </nav>
  );
};
