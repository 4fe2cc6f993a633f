import { actionTitle, cardLines, fieldLines } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates.ts';
import { getLoginInfo } from '../../lib/storage.ts';
import { FieldList } from './audit-change.tsx';
import { type AuditRecord, recordPath, useAuditReader } from './audit-reader.ts';

export type { AuditRecord } from './audit-reader.ts';

/** A target by its kind and name, linked to its screen while the record exists and the reader has one. */
const TargetName = ({ r, id }: { r: AuditRecord; id: number }) => {
  const { t, i18n } = useTranslation();
  const target = r.targets.find((x) => x.id === id);
  const name = target?.name ?? `#${id}`;
  const kindKey = `audit.target.${r.target_kind}`;
  const kind = r.target_kind && i18n.exists(kindKey) ? `${t(kindKey as 'audit.title')} ` : '';
  const path =
    target?.exists && r.target_kind ? recordPath(r.target_kind, id, getLoginInfo()?.role === 0) : null;
  return (
    <span className="audit-target" data-testid="audit-target">
      {kind}
      {path ? <Link to={path}>{name}</Link> : name}
    </span>
  );
};

/** The ids a row changed: its targets, then any record its before or after holds besides them. */
const idsOf = (r: AuditRecord) =>
  [
    ...new Set([...r.target_ids.map(String), ...Object.keys(r.before ?? {}), ...Object.keys(r.after ?? {})]),
  ].map(Number);

/** One record's change: whether it was created or deleted, and its fields. */
const RecordChange = ({ r, id, named }: { r: AuditRecord; id: number; named: boolean }) => {
  const { t } = useTranslation();
  const reader = useAuditReader()(r);
  const before = r.before?.[id];
  const after = r.after?.[id];
  const lines = fieldLines(before, after, reader);
  const mark = !before && after ? t('audit.created') : before && !after ? t('audit.deleted') : null;
  if (!named && !mark && lines.length === 0) return null;
  return (
    <div className="audit-change" data-testid="audit-change">
      {(named || mark) && (
        <span className="item-meta">
          {named && <TargetName r={r} id={id} />}
          {named && mark && ' · '}
          {mark}
        </span>
      )}
      <FieldList lines={lines} />
    </div>
  );
};

/**
 * One audited change: what (the action, named by its count for a batch), on which records (by name,
 * linked), who, when in the reader's time, and how. A batch is one line that opens to each record's.
 */
export const AuditRow = ({ record: r }: { record: AuditRecord }) => {
  const { t, i18n } = useTranslation();
  const reader = useAuditReader()(r);
  const [open, setOpen] = useState(false);
  const ids = idsOf(r);
  const batch = r.target_ids.length > 1;
  const cards = cardLines(r.cards, reader);
  const sent = ids.length === 0 ? fieldLines(undefined, r.params, reader) : [];
  const role = t(r.actor_role === 0 ? 'audit.role.agent' : 'audit.role.org');
  return (
    <article className="row audit-row" data-testid="audit-row" data-action={r.action}>
      <span className="row__label">
        <strong data-testid="audit-title">{actionTitle(r.action, reader.lang, r.target_ids.length)}</strong>
        {!batch && r.target_ids.length === 1 && (
          <>
            {' · '}
            <TargetName r={r} id={r.target_ids[0] as number} />
          </>
        )}
        <br />
        <span className="item-meta" data-testid="audit-actor">
          {r.actor_name}
          {r.actor_name !== r.actor_account && ` · ${r.actor_account}`} ({role}) ·{' '}
          <time dateTime={r.at}>{formatDateTime(r.at, i18n.language)}</time> · {t('audit.from', { ip: r.ip })}
        </span>
        {batch ? (
          <>
            <button
              type="button"
              className="audit-toggle"
              data-testid="audit-toggle"
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              {open ? t('audit.hideEach') : t('audit.showEach', { count: ids.length })}
            </button>
            {open && ids.map((id) => <RecordChange key={id} r={r} id={id} named />)}
          </>
        ) : (
          ids.map((id) => <RecordChange key={id} r={r} id={id} named={ids.length > 1} />)
        )}
        {cards.length > 0 && <FieldList lines={cards} testId="audit-cards" />}
        {sent.length > 0 && (
          <span className="audit-change" data-testid="audit-params">
            <span className="item-meta">{t('audit.sent')}</span>
            <FieldList lines={sent} />
          </span>
        )}
      </span>
    </article>
  );
};
