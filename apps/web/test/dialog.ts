import { fireEvent, screen, waitFor } from '@testing-library/react';

// antd-mobile dialogs load on first use and animate in and out; on a busy machine either takes
// well over the default second of waitFor.
const settle = { timeout: 5000 };

/**
 * A button of the antd-mobile dialog, by its text, once the dialog has finished opening as a person
 * sees it: a press during the opening animation at times left the dialog on the page under jsdom.
 */
export const dialogButton = async (text: string) => {
  const dialog = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.adm-dialog');
    if (!found) throw new Error('no dialog yet');
    // The spring's style sits on the wrap's child.
    const shown = found.querySelector<HTMLElement>('.adm-center-popup-wrap > div');
    if (shown?.style.opacity !== '1') throw new Error('dialog still opening');
    return found;
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

/** Answers the confirmation that asks `question` with its button `label`, and waits for it to close. */
export const answerDialog = async (question: string, label: string) => {
  await screen.findByText(question, undefined, settle);
  fireEvent.click(await dialogButton(label));
  await dialogClosed();
};
