import { useTranslation } from 'react-i18next';
import type { RoleValue } from './use-login-fields.ts';

interface Props {
  role: RoleValue;
  onChange: (role: RoleValue) => void;
  panelId: string;
}

const tabs = [
  { role: 0, key: 'agent', testId: 'role-tab-agent' },
  { role: 1, key: 'org', testId: 'role-tab-org' },
] as const;

/** Agent / Company switch (SPEC §2); arrow keys move between the two tabs like any tab list. */
export const RoleTabs = ({ role, onChange, panelId }: Props) => {
  const { t } = useTranslation();
  return (
    <div className="segmented role-tabs" role="tablist" aria-label={t('login.roleLabel')}>
      {tabs.map((tab) => {
        const selected = tab.role === role;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`role-tab-${tab.key}`}
            data-testid={tab.testId}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className="segmented__item role-tabs__tab"
            onClick={() => onChange(tab.role)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              const next = tab.role === 0 ? 1 : 0;
              onChange(next);
              document.getElementById(`role-tab-${next === 0 ? 'agent' : 'org'}`)?.focus();
            }}
          >
            {t(`login.${tab.key}`)}
          </button>
        );
      })}
    </div>
  );
};
