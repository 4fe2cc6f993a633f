import { api, isSubAgentPath } from '@ptt/contract';
import Popup from 'antd-mobile/es/components/popup';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgReads } from '../../api/changes.ts';
import { useAgentInfo } from '../../api/queries/use-agent-info.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { confirm } from '../../components/confirm.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { showToast } from '../../components/toast.ts';
import type { Choice } from '../../lib/choice.ts';

interface Props {
  org: { id: number; corg_name: string; agent_id: number };
  enabled: boolean;
}

/**
 * Change agent (notice type 8), for a top-level agent only: the company moves with its users, groups and
 * records to the agent itself or to one of its sub-agents, chosen in a bottom sheet and confirmed.
 */
export const ChangeAgent = ({ org, enabled }: Props) => {
  const { t } = useTranslation();
  const me = useAgentInfo(enabled);
  const [open, setOpen] = useState(false);
  const move = useEndpointMutation(api.org.changeAgent, {
    invalidates: [...orgReads, api.agent.list, api.notice.newUnreadCount, api.notice.getNotice],
  });
  if (!enabled || !me.data || isSubAgentPath(me.data.path)) return null;
  const choose = async (agent: Choice) => {
    setOpen(false);
    const ok = await confirm(
      t('manage.confirmChangeAgent', { org: org.corg_name, agent: agent.name }),
      t('manage.changeAgent'),
      t('manage.cancel'),
    );
    if (!ok) return;
    try {
      await move.mutateAsync({ orgId: org.id, agentId: agent.id });
      showToast(t('manage.agentChanged', { org: org.corg_name, agent: agent.name }));
    } catch {
      // The client has shown the server's message.
    }
  };
  const row = (agent: Choice, label: string, meta?: string) => {
    const current = agent.id === org.agent_id;
    return (
      <button
        type="button"
        className="row picker-row"
        disabled={current}
        data-testid={`change-agent-to-${agent.id}`}
        onClick={() => void choose(agent)}
      >
        <span className="row__label">
          {label}
          {(current || meta) && (
            <>
              <br />
              <span className="item-meta">{current ? t('manage.currentAgent') : meta}</span>
            </>
          )}
        </span>
        {!current && <RightOutline aria-hidden className="row__arrow" />}
      </button>
    );
  };
  const self = { id: me.data.id, name: me.data.name };
  return (
    <>
      <button
        type="button"
        className="btn btn--block"
        data-testid="org-change-agent"
        disabled={move.isPending}
        onClick={() => setOpen(true)}
      >
        {t('manage.changeAgent')}
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyStyle={{ height: '75vh', overflow: 'auto' }}
      >
        <div className="picker-sheet" data-testid="change-agent-sheet">
          <h2 className="section__title">{t('manage.changeAgentTo', { org: org.corg_name })}</h2>
          {row(self, t('manage.yourself', { name: self.name }))}
          {open && (
            <PagedList
              endpoint={api.agent.list}
              params={{}}
              empty={t('manage.noSubAgents')}
              rowKey={(a) => a.id}
              item={(a) => row({ id: a.id, name: a.name }, a.name, a.account)}
            />
          )}
        </div>
      </Popup>
    </>
  );
};
