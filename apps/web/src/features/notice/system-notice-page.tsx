import { api } from '@ptt/contract';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/use-endpoint-query.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import './notice.css';

/** One bulletin in full (?noticeDetail=<id>). */
const BulletinDetail = ({ id }: { id: number }) => {
  const { t, i18n } = useTranslation();
  const query = useEndpointQuery(api.notice.getBulletin, { noticeDetail: id });
  const b = query.data?.list[0];
  return (
    <section className="section" data-testid="bulletin-detail">
      {query.isPending && <Skeleton.Paragraph lineCount={5} animated />}
      {query.isSuccess && !b && <ErrorBlock status="empty" title={t('notice.bulletinGone')} description="" />}
      {b && (
        <article className="bulletin">
          <h2 className="bulletin__title">{b.title}</h2>
          <time className="item-meta" dateTime={b.created_at}>
            {formatDateTime(b.created_at, i18n.language)}
          </time>
          <p className="bulletin__body">{b.content}</p>
        </article>
      )}
    </section>
  );
};

/** /system_notice: system bulletins; ?noticeDetail=<id> shows one in full. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const detail = Number(search.get('noticeDetail')) || undefined;
  return (
    <div className="page" data-testid="system-notice">
      <PageHeader title={detail ? t('notice.bulletin') : t('notice.bulletins')} />
      {detail ? (
        <BulletinDetail id={detail} />
      ) : (
        <PagedList
          endpoint={api.notice.getBulletin}
          empty={t('notice.bulletinEmpty')}
          rowKey={(b) => b.id}
          item={(b) => (
            <Link to={`/system_notice?noticeDetail=${b.id}`} className="row" data-testid="bulletin-row">
              <span className="row__label">
                {b.title}
                <br />
                <span className="item-meta">{formatDateTime(b.created_at, i18n.language)}</span>
              </span>
              <RightOutline aria-hidden className="row__arrow" />
            </Link>
          )}
        />
      )}
    </div>
  );
};
