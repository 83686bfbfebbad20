import { screen } from '@testing-library/react';
import { byRoute, installFakeFetch, respond } from './helpers/fake-fetch';
import { textOutsideLandmarks } from './helpers/landmarks';
import { renderApp } from './helpers/render-app';
import { notAuthenticated } from './helpers/users';

describe('/login landmarks (axe `region`)', () => {
  it('holds all of its content in landmarks: the top bar, the form and the panel', async () => {
    installFakeFetch(byRoute({ '/api/user': respond(401, notAuthenticated) }));
    renderApp('/login');
    await screen.findByRole('tab', { name: 'User Login' });

    expect(screen.getByRole('banner').textContent).toContain('Return to Game');
    expect(screen.getByRole('main').textContent).toContain('Welcome back!');
    expect(screen.getByRole('complementary').textContent).toContain('Signing in lets you');
    expect(textOutsideLandmarks()).toEqual([]);
  });
});
