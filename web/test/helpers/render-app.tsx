import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

/** The whole app (real routes and providers) at `path`, with a fresh query cache. */
export function renderApp(path: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider client={client}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, client };
}
