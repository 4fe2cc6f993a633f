import { type api, CardTypes, type DataOf, NoticeType } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useRunway } from '../../api/queries/use-runway.ts';
import './notice.css';
import { formatDateTime } from '../../lib/dates.ts';

export type Notice = DataOf<typeof api.notice.getNotice>['list'][number];

/** A notice's type 1–11; one the app does not know is shown as a blank notice. */
const typeOf = (n: Notice) => (n.type >= 1 && n.type <= 11 ? n.type : 3);

/** Notices that open the radar on the users they name: a reminder, and a company's renewal request. */
export const opensRadar = (n: Notice) =>
  n.type === NoticeType.expiryReminder || n.type === NoticeType.renewalRequest;

/** A low-balance notice says the threshold it fell under; the balance beside it is today's. */
const BalanceNow = ({ cardType }: { cardType: number | null }) => {
  const { t } = useTranslation();
  const row = useRunway().data?.list.find((r) => r.cardType === cardType);
  if (!row) return null;
  return (
    <span className="notice__users" data-testid="notice-balance-now">
      {t('notice.balanceNow', { count: row.balance })}
    </span>
  );
};

/**
 * A deal record's tag, time and text, worded by its notice type 1–8 (SPEC §3), a reminder's (9, 10) or a
 * company's renewal request (11).
 */
export const NoticeBody = ({ notice: n }: { notice: Notice }) => {
  const { t, i18n } = useTranslation();
  const type = typeOf(n);
  const card = n.cardType === null ? undefined : CardTypes[n.cardType];
  const text = t(`notice.type.t${type}` as 'notice.type.t1', {
    from: n.fromAgent?.name ?? t('notice.someone'),
    to: n.toAgent?.name ?? t('notice.someone'),
    org: n.org?.orgName ?? '',
    user: n.user?.name ?? '',
    count: n.quantity ?? n.userCount,
    card: card ? t(`card.${card.key}`) : '',
    content: n.content,
    // A reminder's step covers every day up to it: radios due in 2, 4 and 6 days are "within 7".
    when: t('renewal.withinDays', { count: n.days ?? 0 }),
  });
  return (
    <>
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
      {type !== 3 && n.content && <span className="notice__users">{n.content}</span>}
      {type === NoticeType.lowBalance && <BalanceNow cardType={n.cardType} />}
    </>
  );
};

/**
 * One deal record in the list; tapping it opens it (`onOpen`). A notice naming users says how many:
 * they are listed on its detail.
 */
export const NoticeItem = ({ notice: n, onOpen }: { notice: Notice; onOpen: (n: Notice) => void }) => {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`notice${n.read ? '' : ' notice--unread'}`}
      data-testid="notice-row"
      data-type={typeOf(n)}
      onClick={() => onOpen(n)}
    >
      <NoticeBody notice={n} />
      {/* Where the tap leads: a reminder's radios on the radar, the card runway, or the users named. */}
      {opensRadar(n) ? (
        <span className="notice__users notice__more">{t('notice.seeDue', { count: n.userCount })}</span>
      ) : typeOf(n) === NoticeType.lowBalance ? (
        <span className="notice__users notice__more">{t('notice.seeRunway')}</span>
      ) : (
        n.userCount > 0 && (
          <span className="notice__users notice__more">{t('notice.seeUsers', { count: n.userCount })}</span>
        )
      )}
    </button>
  );
};
