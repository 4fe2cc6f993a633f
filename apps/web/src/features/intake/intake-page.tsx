import { api, cardByCode, IntakeLimits } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceReads, terminalReads } from '../../api/changes.ts';
import { ApiError } from '../../api/client.ts';
import { useOffline } from '../../api/network-state.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { confirmSpend } from '../../components/card-spend.tsx';
import { type Created, CreatedPage } from '../../components/created-users.tsx';
import { ruleErrors } from '../../components/form/use-rule-form.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { IntakeReview } from './intake-review.tsx';
import { type IntakeRow, type Preview, plainRow, refusedRow, targetRule } from './intake-rows.ts';
import { emptySource, IntakeSource, type Source } from './intake-source.tsx';
import './intake.css';

/** The target's fields as the rule names them, on the page's fields. */
const fieldOf: Record<string, string> = { orgId: 'org', userType: 'userType', prefix: 'prefix' };

/**
 * /terminalImport: users from a delivery note. The agent picks a company and a user type, chooses a
 * CSV or XLSX file or pastes rows, reads what is wrong with each row (the bad ones first), fixes or drops
 * them, then confirms the cards it takes and imports them all at once.
 */
export const Component = () => {
  const { t } = useTranslation();
  const offline = useOffline();
  const [source, setSource] = useState<Source>(emptySource);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [created, setCreated] = useState<Created>();
  // Each call says how it travels: the file as multipart, text or fixed rows in a JSON body.
  const check = useEndpointMutation(api.terminal.importPreview, {
    call: (params) =>
      source.file && !params.rows && params.text === undefined
        ? { upload: { file: source.file }, toast: false }
        : { jsonBody: ['rows', 'text'], toast: false },
  });
  const save = useEndpointMutation(api.terminal.import, {
    invalidates: [...terminalReads, ...balanceReads],
    call: { jsonBody: ['rows'], toast: false },
  });

  const target = () => ({
    orgId: source.org?.id ?? '',
    userType: source.userType ?? '',
    prefix: source.prefix.trim(),
  });

  /** Sends the rows (or the file, or the text) to be checked; the answer replaces the preview. */
  const runCheck = async (rows?: IntakeRow[]) => {
    try {
      const params = rows
        ? { ...target(), rows }
        : source.file
          ? target()
          : { ...target(), text: source.text };
      setPreview(await check.mutateAsync(params));
      return true;
    } catch (error) {
      // The refusal (too many rows, not a table, no such company) is shown where the rows come from.
      if (error instanceof ApiError && !error.handled) {
        const field = (error.data as { field?: string } | null)?.field;
        setErrors({ [field && fieldOf[field] ? fieldOf[field] : 'source']: error.message });
        setPreview(null);
      }
      return false;
    }
  };

  const start = () => {
    const found = ruleErrors(targetRule, target());
    const next: Record<string, string | undefined> = {};
    for (const [field, key] of Object.entries(found))
      next[fieldOf[field] ?? field] = t(`msg.${key}` as 'msg.ok');
    if (!source.file && source.text.trim() === '') next.source = t('intake.nothing');
    const bytes = source.file ? source.file.size : new Blob([source.text]).size;
    if (bytes > IntakeLimits.bytesMax)
      next.source = t('intake.tooLarge', {
        size: `${IntakeLimits.bytesMax / 1024 / 1024} MB`,
        rows: IntakeLimits.rowsMax,
      });
    setErrors(next);
    setRefused(null);
    if (Object.keys(next).length === 0) void runCheck();
  };

  const rowsNow = () => (preview?.rows ?? []).map(plainRow);
  const recheck = (rows: IntakeRow[]) => {
    setRefused(null);
    if (rows.length === 0) setPreview({ rows: [], valid: 0, costs: preview?.costs ?? [], total: 0 });
    else void runCheck(rows);
  };

  const runImport = async () => {
    if (!preview || !source.org) return;
    const cost = preview.costs[0];
    const card = cost ? cardByCode(cost.cardType) : undefined;
    const question = t('intake.confirm', {
      count: preview.total,
      company: source.org.name,
      card: card ? t(`card.${card.key}`) : '',
    });
    if (
      !(await confirmSpend(
        t,
        question,
        { cost: preview.total, balance: cost?.balance },
        t('intake.confirmShort'),
      ))
    )
      return;
    try {
      const rows = rowsNow();
      const done = await save.mutateAsync({ ...target(), rows, confirm: String(preview.total) });
      setCreated(done.created);
    } catch (error) {
      if (!(error instanceof ApiError) || error.handled) return;
      // Something changed since the check (an SSID taken meanwhile, the balance): say what, check again.
      const bad = refusedRow(error);
      const reason = bad ? bad.errors.map((e) => t(`msg.${e}`)).join(' ') : error.message;
      setRefused(bad ? t('intake.refusedLine', { line: bad.line, reason }) : reason);
      await runCheck(rowsNow());
    }
  };

  if (created) return <CreatedPage testId="intake-page" title={t('intake.title')} created={created} />;

  return (
    <div className="page" data-testid="intake-page">
      <PageHeader title={t('intake.title')} backTo="/scanCodeAdd" />
      {preview ? (
        <>
          <div className="section intake-target">
            <p className="item-meta">
              {source.org?.name} · {t(source.userType === 1 ? 'scan.vip' : 'scan.single')}
            </p>
            <button
              type="button"
              className="chip"
              data-testid="intake-restart"
              onClick={() => {
                setPreview(null);
                setRefused(null);
              }}
            >
              {t('intake.startOver')}
            </button>
          </div>
          <IntakeReview
            preview={preview}
            checking={check.isPending}
            refused={refused}
            offline={offline}
            importing={save.isPending}
            onFix={(fixed) => recheck(rowsNow().map((r) => (r.line === fixed.line ? fixed : r)))}
            onDrop={(lines) => recheck(rowsNow().filter((r) => !lines.includes(r.line)))}
            onImport={() => void runImport()}
          />
        </>
      ) : (
        <>
          <IntakeSource
            source={source}
            errors={errors}
            onChange={(change) => {
              setSource((s) => ({ ...s, ...change }));
              setErrors((e) => {
                const next = { ...e };
                for (const field of Object.keys(change))
                  delete next[field === 'file' || field === 'text' ? 'source' : field];
                return next;
              });
            }}
          />
          <div className="section">
            <Button
              block
              color="primary"
              size="large"
              shape="rounded"
              data-testid="intake-check"
              loading={check.isPending}
              disabled={offline || check.isPending}
              onClick={start}
            >
              {check.isPending ? t('intake.checking') : t('intake.check')}
            </Button>
            {offline && <p className="item-meta">{t('app.offline')}</p>}
          </div>
        </>
      )}
    </div>
  );
};
