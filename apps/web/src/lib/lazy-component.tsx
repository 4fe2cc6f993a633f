import { type ComponentType, lazy } from 'react';

interface Source {
  Lazy: ComponentType;
  /** The component once its chunk is in. */
  loaded(): ComponentType | undefined;
}

const Loading = ({ source }: { source: Source }) => {
  const Loaded = source.loaded();
  return Loaded ? <Loaded /> : <source.Lazy />;
};

/**
 * A component whose module loads on first render (or on `load()`), and that renders without suspending
 * once its chunk is in: the first render after a preload (the landing page, drawn over the prerendered
 * shell of index.html) shows the component itself, never a loading fallback.
 */
export const lazyComponent = (load: () => Promise<ComponentType>) => {
  let started: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const start = () =>
    (started ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const source: Source = {
    Lazy: lazy(() => start().then((component) => ({ default: component }))),
    loaded: () => loaded,
  };
  return { element: <Loading source={source} />, load: start };
};
