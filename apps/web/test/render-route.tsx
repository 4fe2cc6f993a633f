import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { AppRoutes } from '../src/app/routes.tsx';

interface Seen {
  pathname: string;
  search: string;
  navigate: (to: string | number) => void;
}

/** Reports where the router is, on commit: a navigation whose page is still loading has not arrived. */
const Probe = ({ seen }: { seen: Seen }) => {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    seen.pathname = pathname;
    seen.search = search;
    seen.navigate = (to) => void (typeof to === 'number' ? navigate(to) : navigate(to));
  }, [seen, pathname, search, navigate]);
  return null;
};

/** Renders the app's real route table at a path, the way the browser router would. */
export const renderRoute = (path: string) => {
  const seen: Seen = { pathname: '', search: '', navigate: () => {} };
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Probe seen={seen} />
    </MemoryRouter>,
  );
  return {
    ...view,
    /** The path the router is at now. */
    pathname: () => seen.pathname,
    search: () => seen.search,
    navigate: (to: string | number) => act(() => seen.navigate(to)),
  };
};

/** Waits for a lazy page: its first load transforms its modules, which is slow when all tests run at once
 * (the waits' bound is set for every test in test/setup.ts). */
export const findPage = (testId: string) => screen.findByTestId(testId);
