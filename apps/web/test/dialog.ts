import { waitFor } from '@testing-library/react';

// antd-mobile dialogs load on first use and animate in and out; on a busy machine either takes
// well over the default second of waitFor.
const settle = { timeout: 5000 };

/** A button of the open antd-mobile dialog, by its text. */
export const dialogButton = async (text: string) => {
  const dialog = await waitFor(() => {
    const found = document.querySelector('.adm-dialog');
    if (!found) throw new Error('no dialog yet');
    return found as HTMLElement;
  }, settle);
  const button = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === text);
  if (!button) throw new Error(`no ${text} button`);
  return button;
};

/** Resolves once the dialog has finished closing and left the page. */
export const dialogClosed = () =>
  waitFor(() => {
    if (document.querySelector('.adm-dialog')) throw new Error('dialog still open');
  }, settle);
