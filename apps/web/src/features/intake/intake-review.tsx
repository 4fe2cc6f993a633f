import { cardByCode } from '@ptt/contract';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { badFirst, type CheckedRow, type IntakeRow, type Preview } from './intake-rows.ts';
import { RowEditor } from './row-editor.tsx';

/** Rows that are ready are listed up to this many: the phone draws what the user can read. */
const readyShown = 100;

/** How Excel shows a long number it has read as a number (8.61235E+14): the digits are gone. */
const scientific = /^\d+(\.\d+)?E\+?\d+$/i;
interface Props {
  preview: Preview;
  /** A check of the rows is on its way: the list stays, the import waits for its answer. */
  checking: boolean;
  /** Why the last import was refused, in the user's language. */
  refused: string | null;
  offline: boolean;
  importing: boolean;
  onFix: (row: IntakeRow) => void;
  onDrop: (lines: number[]) => void;
  onImport: () => void;
}

/** The preview: the rows to fix first, each with its errors, then the ready ones, the cost, the import. */
export const IntakeReview = (p: Props) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const rows = badFirst(p.preview.rows);
  const bad = rows.filter((r) => r.errors.length > 0);
  const ready = rows.filter((r) => r.errors.length === 0);
  const cost = p.preview.costs[0];
  const card = cost ? cardByCode(cost.cardType) : undefined;
  const short = cost ? Math.max(0, cost.cards - cost.balance) : 0;
  const canImport = !p.checking && !p.offline && bad.length === 0 && p.preview.total > 0 && short === 0;

  const row = (r: CheckedRow) => (
    <li key={r.line} className={`intake-row${r.errors.length ? ' intake-row--bad' : ''}`} data-line={r.line}>
      {editing === r.line ? (
        <RowEditor
          row={r}
          onCancel={() => setEditing(null)}
          onSave={(fixed) => {
            setEditing(null);
            p.onFix(fixed);
          }}
        />
      ) : (
        <>
          <div className="intake-row__head">
            <span className="item-meta">{t('intake.line', { line: r.line })}</span>
            <span className="intake-row__ssid">{r.ssid || '—'}</span>
          </div>
          <p className="item-meta intake-row__cells">
            {[r.name || t('intake.noName'), r.iccid, r.group || t('intake.noGroup')]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {r.errors.length > 0 && (
            <ul className="intake-row__errors" data-testid={`intake-errors-${r.line}`}>
              {r.errors.map((e) => (
                <li key={e}>{t(`msg.${e}`)}</li>
              ))}
              {r.errors.includes('ssid') && scientific.test(r.ssid.trim()) && (
                <li data-testid={`intake-scientific-${r.line}`}>{t('intake.scientific')}</li>
              )}
            </ul>
          )}
          <div className="intake-row__tools">
            {r.errors.length > 0 && (
              <button
                type="button"
                className="chip"
                data-testid={`intake-fix-${r.line}`}
                disabled={p.checking}
                onClick={() => setEditing(r.line)}
              >
                {t('intake.fix')}
              </button>
            )}
            <button
              type="button"
              className="chip"
              data-testid={`intake-drop-${r.line}`}
              disabled={p.checking}
              onClick={() => p.onDrop([r.line])}
            >
              {t('intake.drop')}
            </button>
          </div>
        </>
      )}
    </li>
  );

  if (rows.length === 0) return <p className="section item-meta">{t('intake.empty')}</p>;

  return (
    <section className="section" data-testid="intake-review" aria-busy={p.checking}>
      <p className="intake-summary" aria-live="polite" data-testid="intake-summary">
        {bad.length > 0
          ? t('intake.summary', { count: rows.length, valid: ready.length, bad: bad.length })
          : t('intake.allReady', { count: rows.length })}
      </p>
      {p.refused && (
        <p className="intake-refused" role="alert" data-testid="intake-refused">
          {p.refused}
        </p>
      )}
      {bad.length > 1 && (
        <button
          type="button"
          className="btn btn--block"
          data-testid="intake-drop-bad"
          disabled={p.checking}
          onClick={() => p.onDrop(bad.map((r) => r.line))}
        >
          {t('intake.dropAll', { count: bad.length })}
        </button>
      )}
      <ul className="intake-rows" data-testid="intake-rows">
        {bad.map(row)}
        {ready.slice(0, readyShown).map(row)}
      </ul>
      {ready.length > readyShown && (
        <p className="item-meta">{t('intake.more', { count: ready.length - readyShown })}</p>
      )}
      <div className="intake-footer">
        {p.checking ? (
          <>
            <span className="visually-hidden">{t('intake.checking')}</span>
            <Skeleton.Paragraph lineCount={1} animated />
          </>
        ) : (
          cost &&
          card && (
            <p className={short ? 'intake-refused' : 'item-meta'} data-testid="intake-cost">
              {t('intake.cost', { count: cost.cards, card: t(`card.${card.key}`), balance: cost.balance })}
              {short > 0 && ` ${t('intake.short', { count: short })}`}
            </p>
          )
        )}
        {p.offline && <p className="item-meta">{t('app.offline')}</p>}
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          data-testid="intake-import"
          disabled={!canImport}
          loading={p.importing}
          onClick={p.onImport}
        >
          {t('intake.import', { count: p.preview.total })}
        </Button>
      </div>
    </section>
  );
};
