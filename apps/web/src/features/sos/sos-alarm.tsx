import type { LiveEventDataOf } from '@ptt/contract';
import Mask from 'antd-mobile/es/components/mask';
import { ExclamationShieldFill, ExclamationShieldOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveEvent } from '../../api/live-events.ts';
import { AlarmBanner } from '../../components/alarm-banner.tsx';
import { MapView } from '../../components/map/map-view.tsx';
import { PlaceName } from '../../components/place-name.tsx';
import { chime, startAlarm } from '../../lib/alarm-sound.ts';
import { type SosAlarmStyle, useSosAlarmStyle } from '../../lib/alarm-style.ts';
import { formatDateTime, formatTime } from '../../lib/dates.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import './sos-alarm.css';

type Raised = LiveEventDataOf<'sos.raised'>;

/**
 * The SOS raised in scope while the console is open, oldest first; one processed elsewhere leaves the
 * queue, since someone has already dealt with it.
 */
const useSosQueue = () => {
  const [queue, setQueue] = useState<Raised[]>([]);
  useLiveEvent('sos.raised', (sos) => setQueue((q) => (q.some((s) => s.id === sos.id) ? q : [...q, sos])));
  useLiveEvent('sos.processed', ({ id }) => setQueue((q) => q.filter((s) => s.id !== id)));
  const drop = (ids: number[]) => setQueue((q) => q.filter((s) => !ids.includes(s.id)));
  return { queue, drop };
};

/** Sounds and vibrates while at least one SOS waits to be acknowledged. */
const useAlarmWhile = (ringing: boolean) => {
  useEffect(() => {
    if (!ringing) return;
    return startAlarm();
  }, [ringing]);
};

/**
 * The SOS alarm of every signed-in screen, as this phone is set to show it (per role, per device): the
 * full-screen alarm for a company by default, a banner for an agent.
 */
export const SosAlarm = () => {
  const role = getLoginInfo()?.role ?? 1;
  const style = useSosAlarmStyle(role);
  return style === 'screen' ? <SosAlarmScreen /> : <SosAlarmBanner style={style} />;
};

/**
 * An SOS that tells without blocking: the newest SOS in a banner, with a short alarm sound unless the
 * phone is set to silent, linking to its detail and to the SOS list; the screen under it stays usable.
 */
const SosAlarmBanner = ({ style }: { style: Exclude<SosAlarmStyle, 'screen'> }) => {
  const { t, i18n } = useTranslation();
  const { queue, drop } = useSosQueue();
  const newest = queue[queue.length - 1];
  const ringFor = newest?.id;
  useEffect(() => {
    if (ringFor !== undefined && style === 'banner') chime();
  }, [ringFor, style]);
  if (!newest) return null;
  return (
    <AlarmBanner
      tone="alarm"
      icon={<ExclamationShieldOutline />}
      title={t('sos.alarm.title')}
      more={queue.length > 1 ? t('sos.alarm.waiting', { count: queue.length }) : undefined}
      text={t('sos.alarm.banner', {
        name: newest.terminal_name,
        company: newest.org_name,
        time: formatTime(newest.at, i18n.language),
      })}
      actions={[
        { to: `/sosDetail?id=${newest.id}`, label: t('sos.alarm.details'), testId: 'sos-banner-detail' },
        { to: '/sosrdingList', label: t('sos.alarm.list'), testId: 'sos-banner-list' },
      ]}
      closeLabel={t('sos.alarm.close')}
      onClose={() => drop(queue.map((s) => s.id))}
      testId="sos-banner"
    />
  );
};

/**
 * The full-screen SOS alarm: who, when and where, with a siren and vibration, until someone
 * acknowledges it and goes to its detail. SOS that arrive meanwhile wait their turn.
 */
const SosAlarmScreen = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { queue, drop } = useSosQueue();
  const sos = queue[0];
  useAlarmWhile(Boolean(sos));
  // The one action takes the focus, so a keyboard or a screen reader lands on it with each SOS.
  const ack = useRef<HTMLButtonElement>(null);
  const shown = sos?.id;
  useEffect(() => {
    if (shown !== undefined) ack.current?.focus();
  }, [shown]);
  if (!sos) return null;

  const acknowledge = () => {
    drop([sos.id]);
    navigate(`/sosDetail?id=${sos.id}`);
  };
  const acknowledgeAll = () => {
    drop(queue.map((s) => s.id));
    navigate('/sosrdingList');
  };
  const position = sos.lat !== null && sos.lng !== null ? { lat: sos.lat, lng: sos.lng } : null;
  return (
    <Mask visible opacity={0.6} color="black" destroyOnClose style={{ '--z-index': '1100' }}>
      <div
        className="sos-alarm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="sos-alarm-title"
        aria-describedby="sos-alarm-who"
        data-testid="sos-alarm"
        data-sos-id={sos.id}
      >
        <div className="sos-alarm__head">
          <ExclamationShieldFill className="sos-alarm__icon" aria-hidden />
          <h2 id="sos-alarm-title" className="sos-alarm__title">
            {t('sos.alarm.title')}
          </h2>
          {queue.length > 1 && (
            <span className="sos-alarm__count" data-testid="sos-alarm-count">
              {t('sos.alarm.waiting', { count: queue.length })}
            </span>
          )}
        </div>
        <div className="sos-alarm__card">
          <p id="sos-alarm-who" className="sos-alarm__who" data-testid="sos-alarm-name">
            {sos.terminal_name}
          </p>
          <dl className="sos-alarm__facts">
            <dt>{t('sos.ssid')}</dt>
            <dd>{sos.ssid}</dd>
            <dt>{t('sos.company')}</dt>
            <dd>{sos.org_name}</dd>
            <dt>{t('sos.time')}</dt>
            <dd>{formatDateTime(sos.at, i18n.language)}</dd>
            {position && (
              <>
                <dt>{t('sos.address')}</dt>
                <dd>
                  <PlaceName {...position} testId="sos-alarm-address" />
                </dd>
              </>
            )}
          </dl>
          {position ? (
            <MapView
              key={sos.id}
              label={t('sos.mapLabel')}
              testId="sos-alarm-map"
              center={position}
              markers={[{ ...position, label: sos.terminal_name, tone: 'alarm' }]}
            />
          ) : (
            <p className="sos-alarm__nowhere">{t('sos.noPosition')}</p>
          )}
        </div>
        <div className="sos-alarm__actions">
          <button
            type="button"
            ref={ack}
            className="btn btn--block sos-alarm__ack"
            onClick={acknowledge}
            data-testid="sos-alarm-ack"
          >
            {t('sos.alarm.acknowledge')}
          </button>
          {queue.length > 1 && (
            <button
              type="button"
              className="btn btn--block sos-alarm__all"
              onClick={acknowledgeAll}
              data-testid="sos-alarm-ack-all"
            >
              {t('sos.alarm.acknowledgeAll', { count: queue.length })}
            </button>
          )}
        </div>
      </div>
    </Mask>
  );
};
