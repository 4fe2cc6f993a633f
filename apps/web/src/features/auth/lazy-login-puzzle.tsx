import { lazy } from 'react';

/** The puzzle and the login's calls are only needed after a valid submit, so they load then (or on the
 * first focus in the form). */
const load = () => import('./login-puzzle.tsx');

export const preloadLoginPuzzle = (): void => {
  void load();
};

export const LazyLoginPuzzle = lazy(() => load().then((module) => ({ default: module.LoginPuzzle })));
