import { api, Limits, rules } from '@ptt/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointMutation } from '../../api/use-endpoint-mutation.ts';
import { Field } from '../../components/form/field.tsx';
import { FormInput } from '../../components/form/form-input.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { type RulePart, useRuleForm } from '../../components/form/use-rule-form.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { showToast } from '../../components/toast.ts';
import './account.css';

/** /feedback: a message (and optionally how to answer) stored for the operator's `feedback:list`. */
export const Component = () => {
  const { t } = useTranslation();
  const sendFeedback = useEndpointMutation(api.feedback.send, { call: { toast: false } });
  const navigate = useNavigate();
  const form = useRuleForm({ content: '', contact: '' });
  const { values, errors } = form;

  const parts = (): RulePart[] => [
    [rules.feedbackContent, values.content, 'content'],
    [rules.feedbackContact, values.contact, 'contact'],
  ];
  const submit = async () => {
    const contact = values.contact.trim() || undefined;
    await sendFeedback.mutateAsync({ content: values.content.trim(), contact });
    showToast(t('msg.feedbackThanks'));
    navigate('/main', { replace: true });
  };

  const length = Array.from(values.content.trim()).length;
  return (
    <div className="page account-page" data-testid="feedback-page">
      <PageHeader title={t('account.feedback.title')} backTo="/main" />
      <p className="account-intro">{t('account.feedback.intro')}</p>
      <form id="feedback" className="section" noValidate onSubmit={form.submit(submit, parts)}>
        <Field id="feedback-content" label={t('account.feedback.content')} error={errors.content}>
          <textarea
            id="feedback-content"
            className="text-area"
            rows={6}
            value={values.content}
            placeholder={t('account.feedback.contentPlaceholder')}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby="feedback-count"
            onChange={(event) => form.set('content')(event.target.value)}
          />
        </Field>
        <p
          id="feedback-count"
          className={`account-count${length > Limits.feedbackMax ? ' account-count--over' : ''}`}
        >
          {length}/{Limits.feedbackMax}
        </p>
        <FormInput
          id="feedback-contact"
          label={t('account.feedback.contact')}
          value={values.contact}
          onChange={form.set('contact')}
          error={errors.contact}
          placeholder={t('account.feedback.contactPlaceholder')}
          autoComplete="email"
        />
        <SubmitButton busy={form.busy} locked={form.locked} text={t('account.feedback.submit')} />
      </form>
    </div>
  );
};
