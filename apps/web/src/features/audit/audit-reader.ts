import type { AuditReader, AuditTarget, api, DataOf } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { isLanguage, msgField } from '../../i18n/languages.ts';
import { formatDateTime, formatDay } from '../../lib/dates.ts';

export type AuditRecord = DataOf<typeof api.audit.list>['list'][number];

/** How this reader reads a row: in the app's language, days and times as the app writes them, records by name. */
export const useAuditReader = () => {
  const { i18n } = useTranslation();
  const lang = msgField[isLanguage(i18n.language) ? i18n.language : 'en'];
  return (r: AuditRecord): AuditReader => ({
    lang,
    day: (day) => formatDay(day, i18n.language),
    time: (iso) => formatDateTime(iso, i18n.language),
    name: (kind, id) =>
      r.names[kind]?.[String(id)] ??
      (kind === r.target_kind ? r.targets.find((x) => x.id === id)?.name : null) ??
      undefined,
  });
};

/** The screen of a record, where the app has one for the reader (an agent's and a company's records only for agents). */
export function recordPath(kind: AuditTarget, id: number, isAgent: boolean): string | null {
  switch (kind) {
    case 'agent':
      return isAgent ? `/agentDetail?id=${id}` : null;
    case 'org':
      return isAgent ? `/orgDetail?id=${id}` : null;
    case 'terminal':
      return `/userDetail?id=${id}`;
    case 'group':
      return `/groupDetail?id=${id}`;
    case 'fence':
      return `/fenceDetail?id=${id}`;
    case 'sos':
      return `/sosDetail?id=${id}`;
    default:
      return null;
  }
}
