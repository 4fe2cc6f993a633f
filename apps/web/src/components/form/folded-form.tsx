import { rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { Disclosure } from '../disclosure.tsx';
import { showToast } from '../toast.ts';
import { type RuleField, RuleForm } from './rule-form.tsx';

interface Props {
  /** The form's id; the row that opens it is `open-<id>`. */
  id: string;
  title: string;
  submitText: string;
  fields: RuleField[];
  initial?: Record<string, string>;
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
  /** The toast once the server has taken the change. */
  done: string;
}

/** A form folded into a row of a detail screen (an account's profile, its mobile number). */
export const FoldedForm = ({ id, title, done, onSubmit, ...form }: Props) => (
  <Disclosure title={title} testId={`open-${id}`}>
    <RuleForm
      id={id}
      {...form}
      onSubmit={async (values) => {
        await onSubmit(values);
        showToast(done);
      }}
    />
  </Disclosure>
);

/** The folded form that gives an account (a sub-agent, a company) a new password. */
export const PasswordReset = ({
  id,
  onReset,
}: {
  id: string;
  onReset: (password: string) => Promise<unknown>;
}) => {
  const { t } = useTranslation();
  return (
    <FoldedForm
      id={id}
      title={t('manage.resetPassword')}
      submitText={t('manage.resetPassword')}
      done={t('manage.passwordReset')}
      fields={[
        {
          name: 'password',
          label: t('manage.newPassword'),
          rule: rules.password,
          type: 'password',
          autoComplete: 'new-password',
        },
      ]}
      onSubmit={(v) => onReset(v.password)}
    />
  );
};
