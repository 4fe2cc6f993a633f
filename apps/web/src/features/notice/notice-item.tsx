import { type api, CardTypes, type DataOf } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import './notice.css';
import { formatDateTime } from '../../lib/dates.ts';

type Notice = DataOf<typeof api.notice.getNotice>['list'][number];

/** How many names of a user list a notice spells out before it says "and n more". */
const shownUsers = 3;

/** One deal record, worded by its notice type 1–8 (SPEC §3); tapping it opens it (`onOpen`). */
export const NoticeItem = ({ notice: n, onOpen }: { notice: Notice; onOpen: (n: Notice) => void }) => {
  const { t, i18n } = useTranslation();
  const type = n.type >= 1 && n.type <= 8 ? n.type : 3;
  const card = n.cardType === null ? undefined : CardTypes[n.cardType];
  const text = t(`notice.type.t${type}` as 'notice.type.t1', {
    from: n.fromAgent?.name ?? t('notice.someone'),
    to: n.toAgent?.name ?? t('notice.someone'),
    org: n.org?.orgName ?? '',
    user: n.user?.name ?? '',
    count: n.quantity ?? n.users.length,
    card: card ? t(`card.${card.key}`) : '',
    content: n.content,
  });
  const names = n.users.slice(0, shownUsers).map((u) => `${u.name} (${u.account})`);
  const more = n.users.length - names.length;
  return (
    <button
      type="button"
      className={`notice${n.read ? '' : ' notice--unread'}`}
      data-testid="notice-row"
      data-type={type}
      onClick={() => onOpen(n)}
    >
      <div className="notice__head">
        <span className={`notice__tag notice__tag--t${type}`}>
          {t(`notice.kind.t${type}` as 'notice.kind.t1')}
        </span>
        {!n.read && <span className="notice__dot">{t('notice.unread')}</span>}
        <time className="notice__time" dateTime={n.created_at}>
          {formatDateTime(n.created_at, i18n.language)}
        </time>
      </div>
      {/* A blank notice is its content alone, kept in the lines the operator wrote it in. */}
      <span className={`notice__text${type === 3 ? ' notice__text--blank' : ''}`}>
        {type === 3 && !n.content ? t('notice.blank') : text}
      </span>
      {names.length > 0 && (
        <span className="notice__users">
          {names.join(', ')}
          {more > 0 && ` ${t('notice.moreUsers', { count: more })}`}
        </span>
      )}
      {type !== 3 && n.content && <span className="notice__users">{n.content}</span>}
    </button>
  );
};
