import { useState } from 'react';
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
  const [account, setAccount] = useState(() => rememberedFor(getStoredRole()) ?? '');
  const [password, setPassword] = useState('');

  const chooseRole = (next: RoleValue) => {
    const remembered = rememberedFor(next);
    if (next === role) {
      if (remembered !== null) setAccount(remembered);
      return;
    }
    setRole(next);
    setStoredRole(next);
    setAccount(remembered ?? '');
    setPassword('');
  };

  return { role, chooseRole, account, setAccount, password, setPassword };
};
