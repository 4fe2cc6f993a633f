import { lazy } from 'react';

/** The puzzle and the login's calls are only needed after a valid submit, so they load then (or on the
 * first focus in the form). */
const load = () => import('./login-puzzle.tsx');

/** A warm-up only: a failure is met again, and shown, when the puzzle itself is rendered. */
export const preloadLoginPuzzle = (): void => {
  load().catch(() => undefined);
};

export const LazyLoginPuzzle = lazy(() => load().then((module) => ({ default: module.LoginPuzzle })));
