import { api, type DataOf } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupReads } from '../../api/changes.ts';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { showToast } from '../../components/toast.ts';

type Detail = DataOf<typeof api.terminal.detail>;

/** The groups of a user with their priority; any of them can become its default group. */
export const UserGroups = ({ user }: { user: Detail }) => {
  const { t } = useTranslation();
  const setDefault = useEndpointMutation(api.group.setDefault, { invalidates: groupReads });
  const makeDefault = async (groupId: number) => {
    try {
      await setDefault.mutateAsync({ id: groupId, terminalId: user.id });
      showToast(t('terminal.saved'));
    } catch {
      // The client has shown the server's message ('This group is already the default group!').
    }
  };
  return (
    <section className="section">
      <h2 className="section__title">{t('terminal.groups')}</h2>
      <p className="item-meta" data-testid="default-group">
        {t('terminal.defaultGroup')}: {user.default_group?.name ?? t('terminal.none')}
      </p>
      {user.groups.length === 0 && <p className="item-meta">{t('terminal.noGroups')}</p>}
      <ul className="rows">
        {user.groups.map((g) => (
          <li key={g.id}>
            <div className="row">
              <Link className="row__label" to={`/groupDetail?id=${g.id}`}>
                {g.name}
                <br />
                <span className="item-meta">{t('terminal.priority', { n: g.priority })}</span>
              </Link>
              {g.id === user.default_group?.id ? (
                <span className="tag" data-testid={`is-default-${g.id}`}>
                  {t('terminal.isDefault')}
                </span>
              ) : (
                <button
                  type="button"
                  className="chip"
                  data-testid={`make-default-${g.id}`}
                  onClick={() => void makeDefault(g.id)}
                >
                  {t('terminal.makeDefault')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};
