import { Messages, rules } from '@ptt/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../i18n/i18n.ts';
import { RuleForm } from './rule-form.tsx';

beforeAll(() => i18nReady);
afterEach(async () => {
  await changeLanguage('en');
});

const renderForm = (onSubmit = vi.fn(async (_values: Record<string, string>) => {})) => {
  render(
    <RuleForm
      id="team"
      submitText="Save"
      fields={[
        { name: 'name', label: 'Name', rule: rules.groupName },
        { name: 'newPassword', label: 'New password', rule: rules.password, type: 'password' },
        { name: 'confirmPassword', label: 'Confirm password', rule: rules.password, type: 'password' },
      ]}
      schema={rules.passwordPair}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the form primitive', () => {
  it('shows a rule’s message in the user’s language, and follows a language switch', async () => {
    await changeLanguage('zh-Hans');
    renderForm();
    type('Name', 'x');
    save();
    expect(await screen.findByText(Messages.groupName.cn)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    await act(() => changeLanguage('zh-Hant'));
    expect(await screen.findByText(Messages.groupName.cn2)).toBeTruthy();
  });

  it('clears a field’s message as soon as that field changes, and only that one', async () => {
    renderForm();
    type('Name', 'x');
    save();
    expect(await screen.findByText(Messages.groupName.en)).toBeTruthy();
    expect(screen.getAllByText(Messages.password.en)).toHaveLength(2);
    type('Name', 'x!');
    expect(screen.queryByText(Messages.groupName.en)).toBeNull();
    expect(screen.getAllByText(Messages.password.en)).toHaveLength(2);
  });

  it('clears a message about two values when either changes, not only the one it sits under', async () => {
    renderForm();
    type('Name', 'Convoy');
    type('New password', 'abc123');
    type('Confirm password', 'abc124');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.inputsInconsistent.en);
    // The message sits under the confirmation; changing the new password makes it stale too.
    type('New password', 'abc124');
    expect(screen.queryByText(Messages.inputsInconsistent.en)).toBeNull();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends nothing while a rule fails, and sends the values once all pass', async () => {
    const onSubmit = renderForm();
    type('Name', 'Convoy');
    type('New password', 'abc123');
    type('Confirm password', 'abc124');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.inputsInconsistent.en);
    expect(onSubmit).not.toHaveBeenCalled();

    // A refused check holds no double-click window: the corrected form goes at once.
    type('Confirm password', 'abc123');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Convoy',
      newPassword: 'abc123',
      confirmPassword: 'abc123',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
