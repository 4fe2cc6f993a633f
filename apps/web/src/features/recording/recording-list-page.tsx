import { api } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTerminalDetail } from '../../api/queries/use-terminal-detail.ts';
import { DateRangeFields, useDateRange } from '../../components/date-range.tsx';
import { ExportMenu } from '../../components/export-menu.tsx';
import { GroupFilter } from '../../components/group-filter.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import type { Choice } from '../../lib/choice.ts';
import { RecordingRow } from './recording-row.tsx';
import { TerminalFilter } from './terminal-filter.tsx';
import './recording.css';

/** /recordingList[?terminalId=]: talk bursts of the company, by group, user and days; played in the page. */
export const Component = () => {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const terminalId = Number(search.get('terminalId')) || undefined;
  const terminal = useTerminalDetail(terminalId ?? 0).data;
  const [group, setGroup] = useState<Choice | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const range = useDateRange();
  return (
    <div className="page" data-testid="recording-list">
      <PageHeader
        title={t('recording.title')}
        right={
          <ExportMenu
            endpoint={api.recording.export}
            params={{ groupId: group?.id, terminalId, ...range.filter }}
            name="recordings"
          />
        }
      />
      <section className="section">
        <div className="chips">
          <GroupFilter value={group} onChange={setGroup} />
          <TerminalFilter
            groupId={group?.id}
            value={terminalId ? { id: terminalId, name: terminal?.name ?? String(terminalId) } : null}
            onChange={(u) => setSearch(u ? { terminalId: String(u.id) } : {}, { replace: true })}
          />
        </div>
        <DateRangeFields range={range} idPrefix="recording-range" />
      </section>
      <PagedList
        endpoint={api.recording.list}
        params={{ groupId: group?.id, terminalId, ...range.filter }}
        empty={t('recording.empty')}
        testId="recordings"
        rowKey={(r) => r.id}
        item={(r) => (
          <RecordingRow recording={r} playing={playing === r.id} onPlay={() => setPlaying(r.id)} />
        )}
      />
    </div>
  );
};
