import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/app/routes.tsx';

/** Renders the app's real route table at a path, the way the browser router would. */
export const renderRoute = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
};

/** Waits for a lazy page: its first load transforms its modules, which is slow when all tests run at once. */
export const findPage = (testId: string) => screen.findByTestId(testId, {}, { timeout: 8000 });
