/**
 * Work that waits for the visitor's first input: a pointer or key press, or focus moving into the page.
 * What only an interaction needs (validation, the calls behind a form, their schemas) loads then rather
 * than with the page, so that a first visit fetches what it paints and nothing more (DESIGN §7 counts
 * what the login page fetches before the network goes idle).
 */
const events = ['pointerdown', 'keydown', 'focusin'] as const;

let acted = false;
const waiting: (() => void)[] = [];

const onInput = () => {
  acted = true;
  for (const type of events) window.removeEventListener(type, onInput, true);
  for (const run of waiting.splice(0)) run();
};

/** Runs `run` on the first input, or at once when there has been one. */
export const onFirstInput = (run: () => void): void => {
  if (acted) {
    run();
    return;
  }
  if (!waiting.length)
    for (const type of events) window.addEventListener(type, onInput, { capture: true, passive: true });
  waiting.push(run);
};

/** Tests start as a visit that has had no input yet. */
export const resetFirstInput = (): void => {
  acted = false;
  waiting.length = 0;
  for (const type of events) window.removeEventListener(type, onInput, true);
};
