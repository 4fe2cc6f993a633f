import { lazy } from 'react';

/** The puzzle is only needed after a valid submit, so its code loads then (or on the first focus). */
const load = () => import('../../components/slider-puzzle/slider-puzzle');

export const preloadSliderPuzzle = (): void => {
  void load();
};

export const LazySliderPuzzle = lazy(() => load().then((module) => ({ default: module.SliderPuzzle })));
