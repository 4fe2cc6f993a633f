import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CreatedPage } from '../../components/created-users.tsx';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import { type BatchOutcome, batchRule, useSubmitBatch } from './batch.ts';
import { BatchFields } from './batch-fields.tsx';
import { InputPanel } from './input-panel.tsx';
import { ScanPanel } from './scan-panel.tsx';
import { useScanState } from './scan-store.ts';
import { ScanAction } from './scanned-list.tsx';
import './scan.css';

/** /scanCodeAdd: batch user creation by scanning (kept in session storage) or by typing up to 10 SSIDs. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, update } = useScanState();
  // The values live in the kept-alive scan store; the form primitive holds the rule's messages.
  const form = useRuleForm({});
  const [created, setCreated] = useState<BatchOutcome['created']>();
  const keepTyped = useCallback((typed: string[]) => update({ typed }), [update]);
  const submitBatch = useSubmitBatch(state.userType);

  const formOk = () => form.check(batchRule(state));

  if (created) return <CreatedPage testId="scan-code-add" title={t('scan.title')} created={created} />;

  return (
    <div className="page" data-testid="scan-code-add">
      <PageHeader title={t('scan.title')} backTo="/home" />
      <BatchFields
        state={state}
        errors={form.errors}
        onChange={(change) => {
          update(change);
          for (const field of Object.keys(change)) form.setError(field, null);
        }}
      />
      <section className="section">
        <fieldset className="chips" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="visually-hidden">{t('scan.title')}</legend>
          {(['scan', 'input'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="chip"
              data-testid={`mode-${m}`}
              aria-pressed={state.mode === m}
              onClick={() => update({ mode: m })}
            >
              {t(m === 'scan' ? 'scan.byScan' : 'scan.byInput')}
            </button>
          ))}
        </fieldset>
        <Link to="/terminalImport" className="scan-import-link" data-testid="to-intake">
          {t('intake.entry')}
        </Link>
      </section>
      {state.mode === 'scan' ? (
        <>
          <ScanPanel ssids={state.ssids} onChange={(ssids) => update({ ssids })} />
          <ScanAction
            testId="scan-next"
            onClick={() => {
              if (!formOk()) return;
              if (state.ssids.length === 0) showToast(t('msg.selectUser'));
              else navigate('/scanConfirm');
            }}
          >
            {t('scan.next')}
          </ScanAction>
        </>
      ) : (
        <InputPanel
          rows={state.typed}
          onRowsChange={keepTyped}
          onSubmit={async (ssids) => {
            if (!formOk()) return undefined;
            const outcome = await submitBatch(state, ssids, 'input');
            if (!outcome) return undefined;
            if (outcome.taken) {
              showToast(t('scan.inUse', { ssids: outcome.taken.join(', ') }));
              return outcome.taken;
            }
            // The form stays for the next batch; the scanned list belongs to the scan flow.
            if (outcome.created) {
              update({ typed: [''] });
              setCreated(outcome.created);
            }
            return undefined;
          }}
        />
      )}
    </div>
  );
};
