import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { respond, sentBody } from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { callsTo, installAdminApi } from './helpers';

const star =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M5 0L6 4L10 5L6 6L5 10L4 6L0 5L4 4Z"/></svg>';

describe('ball icons on /admin', () => {
  it('draws each icon from an image of a data: URL, never as SVG in the page', async () => {
    installAdminApi({
      '/api/admin/icons': respond(200, [{ color_code: 'red', svg_content: star }]),
    });
    renderApp('/admin');
    const icon = await screen.findByRole('img', { name: 'The red icon' });
    expect(icon.dataset.image).toMatch(/^data:image\/svg\+xml/);
    expect(document.querySelector('.icon-slots path')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Player Tracking' }).getAttribute('href')).toBe(
      '/admin-player-tracking',
    );
  });

  it('uploads a pasted SVG and shows the server refusal', async () => {
    const calls = installAdminApi({
      '/api/admin/icons': respond(200, []),
      'POST /api/admin/icons/upload': respond(400, {
        message: 'The SVG contains <script>, which is not allowed',
      }),
    });
    renderApp('/admin');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Upload an icon' });
    await user.selectOptions(within(form).getByLabelText('Colour'), 'blue');
    const text = within(form).getByLabelText('Or paste the SVG');
    await user.click(text);
    await user.paste('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(within(form).getByRole('img', { name: 'Preview on a blue ball' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save the blue icon' }));

    expect(
      await within(form).findByText('The SVG contains <script>, which is not allowed'),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/icons/upload').map(sentBody)).toEqual([
      {
        color_code: 'blue',
        svg_content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
    ]);
  });

  it('uploads a file and refreshes the icons', async () => {
    let icons: unknown[] = [];
    const calls = installAdminApi({
      '/api/admin/icons': () => respond(200, icons),
      'POST /api/admin/icons/upload': () => {
        icons = [{ color_code: 'orange', svg_content: star }];
        return respond(200, icons[0]);
      },
    });
    renderApp('/admin');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Upload an icon' });
    await user.upload(
      within(form).getByLabelText('SVG file'),
      new File([star], 'star.svg', { type: 'image/svg+xml' }),
    );
    await waitFor(() =>
      expect((within(form).getByLabelText('Or paste the SVG') as HTMLTextAreaElement).value).toBe(
        star,
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Save the orange icon' }));

    expect(await screen.findByRole('img', { name: 'The orange icon' })).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/admin/icons')).toHaveLength(2);
  });

  it('deletes an icon after confirming', async () => {
    const calls = installAdminApi({
      '/api/admin/ads': respond(200, []),
      '/api/admin/icons': respond(200, [{ color_code: 'green', svg_content: star }]),
      'POST /api/admin/icons/delete': respond(200, { deleted: true }),
    });
    renderApp('/admin-ad-management');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the green icon' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete icon' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', '/api/admin/icons/delete').map(sentBody)).toEqual([
      { color_code: 'green' },
    ]);
  });
});
