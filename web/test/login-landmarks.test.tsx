import { screen } from '@testing-library/react';
import { textOutsideLandmarks } from './helpers/landmarks';
import { renderApp } from './helpers/render-app';

describe('/login landmarks (axe `region`)', () => {
  it('holds all of its content in landmarks: the top bar, the form and the panel', async () => {
    renderApp('/login');
    await screen.findByRole('tab', { name: 'User Login' });

    expect(screen.getByRole('banner').textContent).toContain('Return to Game');
    expect(screen.getByRole('main').textContent).toContain('Welcome back!');
    expect(screen.getByRole('complementary').textContent).toContain('Signing in lets you');
    expect(textOutsideLandmarks()).toEqual([]);
  });
});
