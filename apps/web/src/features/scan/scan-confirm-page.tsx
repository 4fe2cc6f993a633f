import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { CardBalance } from '../../components/card-spend.tsx';
import { CreatedPage } from '../../components/created-users.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import { useDoubleClickGuard } from '../../components/use-double-click-guard.ts';
import { type BatchOutcome, batchReady, cardOfUserType, useSubmitBatch } from './batch.ts';
import { useScanState } from './scan-store.ts';
import { ScanAction, ScannedRows } from './scanned-list.tsx';
import './scan.css';

/** /scanConfirm: the batch at a glance, created in one call; the passwords are shown once after. */
export const Component = () => {
  const { t } = useTranslation();
  const { state, update, reset } = useScanState();
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<string[]>([]);
  const [created, setCreated] = useState<BatchOutcome['created']>();
  const { locked, guard } = useDoubleClickGuard();
  const submitBatch = useSubmitBatch(state.userType);

  if (created) return <CreatedPage testId="scan-confirm" title={t('scan.confirmTitle')} created={created} />;
  if (!batchReady(state) || state.ssids.length === 0) return <Navigate to="/scanCodeAdd" replace />;

  const submit = async () => {
    setBusy(true);
    try {
      const outcome = await submitBatch(state, state.ssids, 'scan');
      if (!outcome) return;
      if (outcome.taken) {
        setTaken(outcome.taken);
        showToast(t('scan.inUse', { ssids: outcome.taken.join(', ') }));
      }
      if (outcome.created) {
        reset();
        setCreated(outcome.created);
      }
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page" data-testid="scan-confirm">
      <PageHeader title={t('scan.confirmTitle')} backTo="/scanCodeAdd" />
      <section className="section">
        <dl className="scan-summary">
          <dt>{t('scan.userType')}</dt>
          <dd>{t(state.userType === 1 ? 'scan.vip' : 'scan.single')}</dd>
          <dt>{t('scan.company')}</dt>
          <dd>{state.org?.name}</dd>
          <dt>{t('scan.prefix')}</dt>
          <dd>{state.prefix}</dd>
        </dl>
        <CardBalance cardType={cardOfUserType(state.userType)} testId="batch-balance" />
      </section>
      <section className="section">
        <p className="item-meta">{t('scan.count', { count: state.ssids.length, max: 100 })}</p>
        <ScannedRows
          ssids={state.ssids}
          end={(ssid) => taken.includes(ssid) && <span className="scan-tag">{t('scan.inUseTag')}</span>}
        />
        {taken.length > 0 && (
          <button
            type="button"
            className="btn btn--block"
            onClick={() => {
              update((s) => ({ ssids: s.ssids.filter((x) => !taken.includes(x)) }));
              setTaken([]);
            }}
          >
            {t('scan.removeInUse')}
          </button>
        )}
      </section>
      <ScanAction
        testId="scan-create"
        loading={busy}
        disabled={locked || busy}
        onClick={guard(() => void submit())}
      >
        {t('scan.create', { count: state.ssids.length })}
      </ScanAction>
    </div>
  );
};
