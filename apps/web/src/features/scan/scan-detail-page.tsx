import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../components/confirm.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useScanState } from './scan-store.ts';
import { ScannedRows } from './scanned-list.tsx';
import './scan.css';

/** /scanDetail: the scanned SSIDs of the batch in progress; single ones can be removed, or all. */
export const Component = () => {
  const { t } = useTranslation();
  const { state, update } = useScanState();
  return (
    <div className="page" data-testid="scan-detail">
      <PageHeader title={t('scan.detailTitle')} backTo="/scanCodeAdd" />
      <section className="section">
        <p className="item-meta">{t('scan.count', { count: state.ssids.length, max: 100 })}</p>
        {state.ssids.length === 0 && <p className="item-meta">{t('scan.empty')}</p>}
        <ScannedRows
          ssids={state.ssids}
          end={(ssid) => (
            <button
              type="button"
              className="page-header__back"
              aria-label={t('scan.remove', { ssid })}
              onClick={() => update((s) => ({ ssids: s.ssids.filter((x) => x !== ssid) }))}
            >
              <CloseOutline aria-hidden />
            </button>
          )}
        />
        {state.ssids.length > 0 && (
          <button
            type="button"
            className="btn btn--block"
            onClick={async () => {
              const ok = await confirm(
                t('scan.confirmClear', { count: state.ssids.length }),
                t('scan.confirm'),
                t('scan.cancel'),
              );
              if (ok) update({ ssids: [] });
            }}
          >
            {t('scan.clear')}
          </button>
        )}
      </section>
    </div>
  );
};
