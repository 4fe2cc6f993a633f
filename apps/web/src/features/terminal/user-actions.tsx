import { api } from '@ptt/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { balanceReads, orgReads, terminalReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { CompanyPicker } from '../../components/company-picker.tsx';
import { confirm } from '../../components/confirm.ts';
import { showToast } from '../../components/toast.ts';

interface Props {
  user: { id: number; name: string; org_id: number; org_name: string };
  isAgent: boolean;
}

/** Reset the intercom password (shown once), change company (agents), delete with card return (agents). */
export const UserActions = ({ user, isAgent }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState<string | null>(null);
  const resetPassword = useEndpointMutation(api.terminal.resetIntercomPassword);
  const updateUser = useEndpointMutation(api.terminal.updateUser, {
    invalidates: [...terminalReads, ...orgReads],
  });
  const cardBack = useEndpointMutation(api.terminal.cardBack, {
    invalidates: [...terminalReads, ...balanceReads],
    deletes: () => ({
      id: user.id,
      endpoints: [
        api.terminal.detail,
        [api.location.last, 'terminalId'],
        [api.group.listening, 'terminalId'],
      ],
    }),
  });
  const yes = (text: string) => confirm(text, t('terminal.confirm'), t('terminal.cancel'));

  const reset = async () => {
    if (!(await yes(t('terminal.confirmReset', { name: user.name })))) return;
    try {
      setPassword((await resetPassword.mutateAsync({ id: user.id })).password);
    } catch {
      // The client has shown the server's message.
    }
  };
  const move = async (org: { id: number; name: string }) => {
    if (org.id === user.org_id) return;
    if (!(await yes(t('terminal.changeCompanyWarn', { name: user.name, org: org.name })))) return;
    try {
      await updateUser.mutateAsync({ id: user.id, orgId: org.id });
      showToast(t('terminal.saved'));
    } catch {
      // The client has shown the server's message.
    }
  };
  const remove = async () => {
    if (!(await yes(t('terminal.confirmDelete', { count: 1 })))) return;
    try {
      const res = await cardBack.mutateAsync({ ids: String(user.id) });
      showToast(t('terminal.deleted', res));
      navigate('/userList', { replace: true });
    } catch {
      // The client has shown the server's message.
    }
  };

  return (
    <section className="section detail-actions">
      <button
        type="button"
        className="btn btn--block"
        data-testid="reset-password"
        onClick={() => void reset()}
      >
        {t('terminal.resetPassword')}
      </button>
      {password && (
        <p className="password-once" role="status" data-testid="new-password">
          {t('terminal.newPassword', { password })}
          <br />
          {t('terminal.passwordOnce')}
        </p>
      )}
      {isAgent && (
        <>
          <div className="field">
            <span className="field__label">{t('terminal.changeCompany')}</span>
            <div className="field__control">
              <CompanyPicker
                id="user-move"
                value={{ id: user.org_id, name: user.org_name }}
                onChange={(org) => void move(org)}
                placeholder={t('terminal.changeCompany')}
                searchText={t('terminal.searchCompany')}
                empty={t('terminal.noCompanies')}
              />
            </div>
          </div>
          <button
            type="button"
            className="btn btn--block btn--danger"
            data-testid="user-delete"
            onClick={() => void remove()}
          >
            {t('terminal.delete')}
          </button>
        </>
      )}
    </section>
  );
};
