import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from '@testing-library/react';
import { renderApp } from '../helpers/render-app';

const shellHtml = fs.readFileSync(path.join(__dirname, '../../boot/home-shell.html'), 'utf8');

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('the static first screen of / (web/boot/home-shell.html)', () => {
  it('says what the home page says, in the same classes', async () => {
    const { container } = renderApp('/');
    await waitFor(() => expect(container.querySelector('.home-intro__tagline')).not.toBeNull());
    const shell = new DOMParser().parseFromString(shellHtml, 'text/html');
    for (const selector of [
      '.home-intro__eyebrow',
      '.home-intro__title',
      '.home-intro__tagline',
      '.brand__name',
    ]) {
      const live = container.querySelector(selector);
      expect(live).not.toBeNull();
      expect(squash(shell.querySelector(selector)?.textContent)).toBe(squash(live?.textContent));
    }
    expect(shell.getElementById('boot-shell')?.hasAttribute('hidden')).toBe(true);
  });
});
