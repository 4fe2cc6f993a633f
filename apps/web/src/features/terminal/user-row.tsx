import type { api, DataOf } from '@ptt/contract';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExpiryText } from './expiry-text.tsx';

export type TerminalRow = DataOf<typeof api.terminal.list>['list'][number];

interface Props {
  user: TerminalRow;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
}

/** A user in the list: name, SSID, company and voice expiry; a checkbox while selecting. */
export const UserRow = ({ user, selecting, selected, onToggle }: Props) => {
  const { t } = useTranslation();
  const body = (
    <span className="row__label">
      {user.name}
      {user.user_type === 1 && <span className="user-badge">{t('terminal.vip')}</span>}
      <br />
      <span className="item-meta">
        {user.ssid} · {user.org_name}
      </span>
      <br />
      <span className="item-meta">
        {t('card.voice')}: <ExpiryText date={user.expiries.voice} />
      </span>
    </span>
  );
  if (!selecting) {
    return (
      <Link to={`/userDetail?id=${user.id}`} className="row" data-testid={`user-${user.ssid}`}>
        {body}
        <RightOutline aria-hidden className="row__arrow" />
      </Link>
    );
  }
  return (
    <div className="row picker-row user-pick" data-testid={`user-${user.ssid}`}>
      <Checkbox className="user-pick__box" checked={selected} onChange={onToggle}>
        {body}
      </Checkbox>
    </div>
  );
};
