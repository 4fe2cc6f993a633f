import { api } from '@ptt/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointQuery } from '../api/use-endpoint-query.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { msgField } from '../i18n/languages.ts';
import { formatDateTime } from '../lib/dates.ts';

/** On a user's detail: where its terminal last reported, with the ways to its track and recordings. */
export const LastPosition = ({ terminalId }: { terminalId: number }) => {
  const { t, i18n } = useTranslation();
  const last = useEndpointQuery(api.location.last, { terminalId, lang: msgField[currentLanguage()] });
  const p = last.data;
  return (
    <section className="section" data-testid="last-position">
      <h2 className="section__title">{t('track.last')}</h2>
      <p className="item-meta">
        {p
          ? `${p.address} · ${formatDateTime(p.at, i18n.language)}`
          : last.isSuccess
            ? t('track.never')
            : '…'}
      </p>
      <ul className="rows">
        <li>
          <Link to={`/locationTrack?id=${terminalId}`} className="row" data-testid="to-track">
            <span className="row__label">{t('track.title')}</span>
            <RightOutline aria-hidden className="row__arrow" />
          </Link>
        </li>
        <li>
          <Link to={`/recordingList?terminalId=${terminalId}`} className="row" data-testid="to-recordings">
            <span className="row__label">{t('recording.title')}</span>
            <RightOutline aria-hidden className="row__arrow" />
          </Link>
        </li>
      </ul>
    </section>
  );
};
