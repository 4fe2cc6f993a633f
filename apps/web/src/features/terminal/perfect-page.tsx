import { api, rules } from '@ptt/contract';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { terminalReads } from '../../api/changes.ts';
import { useTerminalDetail } from '../../api/queries/use-terminal-detail.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { RuleForm } from '../../components/form/rule-form.tsx';
import { MissingRecord } from '../../components/missing-record.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';

/** /perfect?id=: completes a user's profile: name, ICCID and remarks. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const detail = useTerminalDetail(id);
  const u = detail.data;
  const missing = !(id > 0) || (detail.isError && !u);
  const updateUser = useEndpointMutation(api.terminal.updateUser, { invalidates: terminalReads });
  return (
    <div className="page" data-testid="perfect-page">
      <PageHeader title={t('terminal.perfect')} />
      <section className="section">
        {missing && <MissingRecord />}
        {!u && !missing && <Skeleton.Paragraph lineCount={4} animated />}
        {u && (
          <RuleForm
            id="perfect"
            submitText={t('terminal.save')}
            initial={{ name: u.name, iccid: u.iccid, remark: u.remark }}
            fields={[
              {
                name: 'name',
                label: t('terminal.name'),
                rule: rules.nicknameLong,
                placeholder: t('terminal.namePlaceholder'),
              },
              {
                name: 'iccid',
                label: t('terminal.iccidLabel'),
                rule: rules.iccid,
                optional: true,
                placeholder: t('terminal.iccidPlaceholder'),
              },
              {
                name: 'remark',
                label: t('terminal.remark'),
                rule: rules.remark,
                optional: true,
                placeholder: t('terminal.remarkPlaceholder'),
              },
            ]}
            onSubmit={async (v) => {
              await updateUser.mutateAsync({ id, name: v.name, iccid: v.iccid, remark: v.remark });
              showToast(t('terminal.saved'));
              navigate(`/userDetail?id=${id}`, { replace: true });
            }}
          />
        )}
      </section>
    </div>
  );
};
