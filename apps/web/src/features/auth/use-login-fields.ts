import { useState } from 'react';
import { useRuleForm } from '../../components/form/use-rule-form.ts';
import { getRememberedAccount, getStoredRole, setStoredRole } from '../../lib/storage.ts';

export type RoleValue = 0 | 1;

/** The account remembered for a role, or '' when the last successful login was with the other role. */
const rememberedFor = (role: RoleValue): string | null => {
  const remembered = getRememberedAccount();
  return remembered && remembered.role === role ? remembered.account : null;
};

/**
 * The login form's fields with SPEC §4's role rule: the role is persisted; switching to the other role
 * clears the fields, choosing the role of the remembered account brings its account name back.
 */
export const useLoginFields = () => {
  const [role, setRole] = useState<RoleValue>(getStoredRole);
  const form = useRuleForm({ account: rememberedFor(getStoredRole()) ?? '', password: '' });

  const chooseRole = (next: RoleValue) => {
    const remembered = rememberedFor(next);
    if (next === role) {
      if (remembered !== null) form.setValues((v) => ({ ...v, account: remembered }));
      return;
    }
    setRole(next);
    setStoredRole(next);
    form.setValues({ account: remembered ?? '', password: '' });
  };

  return { role, chooseRole, form };
};
