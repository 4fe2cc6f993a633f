import { rules } from '@ptt/contract';
import type { TFunction } from 'i18next';
import type { RuleField } from './rule-form.tsx';

/**
 * The fields of a new login account (a sub-agent, a company): its name, checked with the rule of what it
 * names, who to contact, the account and password it signs in with, and a mobile number if it has one.
 */
export const newAccountFields = (t: TFunction, name: Pick<RuleField, 'label' | 'rule'>): RuleField[] => [
  { name: 'name', ...name, placeholder: t('manage.placeholder.name') },
  {
    name: 'contact',
    label: t('manage.contact'),
    rule: rules.contactName,
    placeholder: t('manage.placeholder.contact'),
  },
  {
    name: 'account',
    label: t('manage.account'),
    rule: rules.account,
    placeholder: t('manage.placeholder.account'),
  },
  {
    name: 'password',
    label: t('manage.password'),
    rule: rules.password,
    type: 'password',
    autoComplete: 'new-password',
    placeholder: t('manage.placeholder.password'),
  },
  {
    name: 'phone',
    label: t('manage.phone'),
    rule: rules.mobile,
    optional: true,
    type: 'tel',
    placeholder: t('manage.placeholder.phone'),
  },
];
