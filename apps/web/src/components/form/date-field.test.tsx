import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pickDate } from '../../../test/date-picker.ts';
import { changeLanguage, i18nReady } from '../../i18n/i18n.ts';
import { DateField } from './date-field.tsx';
import { columnLabel, displayDate } from './date-value.ts';

beforeAll(() => i18nReady);
afterEach(async () => {
  await changeLanguage('en');
});

const Harness = ({ precision }: { precision?: 'day' | 'minute' }) => {
  const [value, setValue] = useState('');
  return (
    <>
      <DateField id="when" label="When" value={value} onChange={setValue} precision={precision} />
      <output data-testid="value">{value}</output>
    </>
  );
};

describe('date field', { timeout: 20_000 }, () => {
  it('reads dates in the user’s language, Chinese with its units', () => {
    expect(displayDate('2026-03-01', 'day', 'en')).toBe('Mar 1, 2026');
    expect(displayDate('2026-03-01', 'day', 'zh-Hans')).toBe('2026年3月1日');
    expect(displayDate('2026-03-01T08:05', 'minute', 'zh-Hant')).toBe('2026年3月1日 08:05');
    expect(displayDate('', 'day', 'en')).toBe('');
    expect(columnLabel('zh-Hans', 'year', 2026)).toBe('2026年');
    expect(columnLabel('zh-Hant', 'hour', 8)).toBe('8時');
    expect(columnLabel('en', 'month', 3)).toBe('Mar');
  });

  it('opens a picker in the user’s language instead of the browser’s input and keeps the value as text', async () => {
    await changeLanguage('zh-Hans');
    render(<Harness />);
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'When' }).textContent).toBe('请选择');
    await pickDate('when', '2026-03-01', 'zh-Hans');
    expect(screen.getByTestId('value').textContent).toBe('2026-03-01');
    expect(document.getElementById('when')?.textContent).toBe('2026年3月1日');
  });

  it('picks a time to the minute', async () => {
    render(<Harness precision="minute" />);
    await pickDate('when', '2026-11-20T07:45');
    expect(screen.getByTestId('value').textContent).toBe('2026-11-20T07:45');
  });
});
