import { screen, waitFor } from '@testing-library/react';
import { prefetchAdminPages } from '@/app/routes/admin/pages';
import { useApi, respond } from './helpers/api-server';
import { renderApp } from './helpers/render-app';
import { admin, player } from './helpers/users';

jest.mock('@/app/routes/admin/pages', () => {
  const actual = jest.requireActual('@/app/routes/admin/pages');
  return { ...actual, prefetchAdminPages: jest.fn(actual.prefetchAdminPages) };
});

const prefetch = prefetchAdminPages as jest.MockedFunction<typeof prefetchAdminPages>;

describe('admin pages prefetch', () => {
  beforeEach(() => prefetch.mockClear());

  it('starts when the loaded user is an admin', async () => {
    useApi({ '/api/user': respond(200, admin) });
    renderApp('/');
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    await expect(prefetch.mock.results[0].value).resolves.toBeDefined();
  });

  it('does not start for a player', async () => {
    useApi({ '/api/user': respond(200, player) });
    renderApp('/');
    await screen.findByRole('button', { name: 'Logout' });
    expect(prefetch).not.toHaveBeenCalled();
  });
});
