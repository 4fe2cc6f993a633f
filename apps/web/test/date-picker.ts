import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { columnLabel } from '../src/components/form/date-value.ts';

const types = ['year', 'month', 'day', 'hour', 'minute'] as const;

/**
 * Picks a value in a date field the way a finger would: taps the field, taps each column's item in the
 * picker (its labels in `lang`), then the picker's confirm button.
 */
export const pickDate = async (id: string, value: string, lang = 'en') => {
  const field = document.getElementById(id);
  if (!field) throw new Error(`no date field #${id}`);
  fireEvent.click(field);
  const title = field.closest('.field')?.querySelector('.field__label')?.textContent ?? '';
  const picker = await waitFor(
    () => {
      const found = [...document.querySelectorAll<HTMLElement>('.adm-picker')].find(
        (p) => p.querySelector('.adm-picker-header-title')?.textContent === title,
      );
      if (!found?.querySelector('.adm-picker-view-column')) throw new Error(`no picker "${title}"`);
      return found;
      // The picker's chunk loads with the first tap.
    },
    { timeout: 8000 },
  );
  // The picker passes a column's choice on after a tick (antd-mobile debounces it): wait for it each time.
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  const parts = value.split(/[-T:]/).map(Number);
  for (const [i, n] of parts.entries()) {
    const type = types[i] ?? 'minute';
    const column = picker.querySelectorAll<HTMLElement>('.adm-picker-view-column')[i];
    if (!column) throw new Error(`no ${type} column`);
    const item = within(column)
      .getAllByText(columnLabel(lang, type, n))
      .find((el) => el.classList.contains('adm-picker-view-column-item-label'));
    if (!item) throw new Error(`no ${type} ${n}`);
    fireEvent.click(item);
    await settle();
  }
  const [, confirm] = picker.querySelectorAll<HTMLElement>('.adm-picker-header-button');
  if (!confirm) throw new Error('no confirm button');
  fireEvent.click(confirm);
};
