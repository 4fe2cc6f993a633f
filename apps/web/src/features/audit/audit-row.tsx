import type { api, DataOf } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';

export type AuditRecord = DataOf<typeof api.audit.list>['list'][number];
type Fields = Record<string, unknown>;

/** The i18n key of an action: its path below /v1/, slashes as underscores (agent/blance/add → agent_blance_add). */
export const actionKey = (path: string) => path.replace(/^\/v1\//, '').replaceAll('/', '_');

/** The action in the reader's language, or its endpoint's path when the catalogue has no name for it. */
export const useActionName = () => {
  const { t, i18n } = useTranslation();
  return (path: string) => {
    const key = `audit.actions.${actionKey(path)}`;
    return i18n.exists(key) ? t(key as 'audit.title') : path;
  };
};

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Targets named in a row before the rest are summed up. */
const TARGETS_SHOWN = 3;

/** One record's changed fields: before → after, or all of a created or deleted record's fields. */
const RecordChange = ({ id, before, after }: { id: string; before?: Fields; after?: Fields }) => {
  const { t } = useTranslation();
  const names = Object.keys(after ?? before ?? {});
  return (
    <div className="audit-change" data-testid="audit-change">
      <span className="item-meta">
        #{id}
        {!before && ` · ${t('audit.created')}`}
        {!after && ` · ${t('audit.deleted')}`}
      </span>
      <dl className="audit-fields">
        {names.map((name) => (
          <div key={name} className="audit-field">
            <dt>{name}</dt>
            <dd>
              {before && after ? (
                <>
                  <del>{shown(before[name])}</del> → <ins>{shown(after[name])}</ins>
                </>
              ) : (
                shown((after ?? before)?.[name])
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
};

/** One audited change: who (account and role), when in local time, what, on which records, and how. */
export const AuditRow = ({ record: r }: { record: AuditRecord }) => {
  const { t, i18n } = useTranslation();
  const actionName = useActionName();
  const ids = [...new Set([...Object.keys(r.before ?? {}), ...Object.keys(r.after ?? {})])];
  const rest = r.target_ids.length - TARGETS_SHOWN;
  return (
    <article className="row audit-row" data-testid="audit-row" data-action={r.action}>
      <span className="row__label">
        <strong>{actionName(r.action)}</strong>
        {r.target_kind && (
          <span className="audit-target" data-testid="audit-target">
            {' · '}
            {t(`audit.target.${r.target_kind}`)}{' '}
            {r.target_ids
              .slice(0, TARGETS_SHOWN)
              .map((id) => `#${id}`)
              .join(', ')}
            {rest > 0 && ` ${t('audit.more', { count: rest })}`}
          </span>
        )}
        <br />
        <span className="item-meta">
          {r.actor_account} ({t(r.actor_role === 0 ? 'audit.role.agent' : 'audit.role.org')}) ·{' '}
          <time dateTime={r.at}>{formatDateTime(r.at, i18n.language)}</time> · {t('audit.from', { ip: r.ip })}
        </span>
        {ids.map((id) => (
          <RecordChange key={id} id={id} before={r.before?.[id]} after={r.after?.[id]} />
        ))}
        {ids.length === 0 && Object.keys(r.params).length > 0 && (
          <span className="audit-change" data-testid="audit-params">
            <span className="item-meta">{t('audit.sent')}</span>
            <dl className="audit-fields">
              {Object.entries(r.params).map(([name, value]) => (
                <div key={name} className="audit-field">
                  <dt>{name}</dt>
                  <dd>{shown(value)}</dd>
                </div>
              ))}
            </dl>
          </span>
        )}
      </span>
    </article>
  );
};
