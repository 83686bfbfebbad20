import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leavePageFor } from '@/features/ads/lib/leave-page';
import { ORDER_MESSAGES } from '@/features/ads/lib/order-form';
import { useApi, respond, sentBody, type Route } from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { startTestClock } from '../helpers/test-clock';
import { player } from '../helpers/users';
import { anAd, callsTo, catalog, headerOf } from './ads-helpers';

jest.mock('@/features/ads/lib/leave-page', () => ({ leavePageFor: jest.fn() }));

const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';
const uploaded = (kind: string) => ({
  key: `${kind}-key.webp`,
  imageUrl: `/api/media/${kind}-key.webp`,
  width: kind === 'ball' ? 256 : 728,
  height: kind === 'ball' ? 256 : 90,
});

function shop(overrides: Record<string, Route> = {}) {
  return useApi({
    '/api/user': respond(200, player),
    '/api/ads/catalog': respond(200, catalog),
    'POST /api/ads/images': (call) =>
      respond(201, uploaded(new URL(call.url, 'http://x').searchParams.get('kind') ?? '')),
    'POST /api/ads/orders': respond(201, anAd()),
    'POST /api/ads/orders/order-1/checkout': respond(200, { checkoutUrl: CHECKOUT_URL }),
    ...overrides,
  });
}

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'face.png', { type: 'image/png' });

function fieldError(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.className === 'field__error');
  return error?.textContent ?? null;
}

async function fillBallOrder(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Red' }));
  await user.upload(screen.getByLabelText('Image'), png());
  await waitFor(() =>
    expect(screen.getByTestId('ad-board-preview').dataset.image).toBe('/api/media/ball-key.webp'),
  );
  await user.type(screen.getByLabelText('Destination'), 'https://shop.example/');
  await user.click(screen.getByRole('radio', { name: /7 days/ }));
}

beforeEach(() => jest.mocked(leavePageFor).mockClear());

describe('/buy-ads: the order form', () => {
  it('checks every field before sending anything', async () => {
    const calls = shop();
    renderApp('/buy-ads');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));

    expect(screen.getByText(ORDER_MESSAGES.color)).toBeTruthy();
    expect(fieldError('Image')).toBe(ORDER_MESSAGES.image);
    expect(fieldError('Destination')).toBe(ORDER_MESSAGES.destinationRequired);
    expect(screen.getByText(ORDER_MESSAGES.runDays)).toBeTruthy();
    expect(screen.getByTestId('ad-price').textContent).toBe('Choose a run to see the price.');

    // Not https: refused here (the server refuses it too).
    await user.type(screen.getByLabelText('Destination'), 'http://shop.example/');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(fieldError('Destination')).toBe(ORDER_MESSAGES.destinationHttps);
    await user.clear(screen.getByLabelText('Destination'));
    await user.type(screen.getByLabelText('Destination'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(fieldError('Destination')).toBe(ORDER_MESSAGES.destinationHttps);

    expect(callsTo(calls, 'POST', '/api/ads/orders')).toHaveLength(0);
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('uploads the image as its raw bytes and shows it on the preview of the chosen colour', async () => {
    const calls = shop();
    renderApp('/buy-ads');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Blue' }));
    await user.upload(screen.getByLabelText('Image'), png());

    const preview = screen.getByTestId('ad-board-preview');
    await waitFor(() => expect(preview.dataset.image).toBe('/api/media/ball-key.webp'));
    expect(preview.dataset.color).toBe('blue');
    expect(preview.getAttribute('aria-label')).toBe(
      'Preview: your image on the blue balls of a board',
    );
    const [upload] = callsTo(calls, 'POST', '/api/ads/images');
    expect(upload.url).toBe('/api/ads/images?kind=ball');
    // The file itself, not JSON: its own type. (Its bytes cannot be checked here: Node's fetch
    // cannot read jsdom's File, and jsdom's FileReader, which the icon upload uses, cannot read
    // Node's.)
    expect(headerOf(upload, 'Content-Type')).toBe('image/png');
  });

  it("shows the server's refusal of an image under the image field", async () => {
    shop({
      'POST /api/ads/images': respond(400, {
        message: 'The image is 20000×20000 pixels; at most 4096 on a side',
      }),
    });
    renderApp('/buy-ads');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Image'), png());
    await waitFor(() =>
      expect(fieldError('Image')).toBe('The image is 20000×20000 pixels; at most 4096 on a side'),
    );
  });

  it('shows the price of the chosen run in the catalog currency', async () => {
    shop();
    renderApp('/buy-ads');
    const user = userEvent.setup();
    expect(
      (await screen.findByRole('radio', { name: /30 days/ })).closest('label')?.textContent,
    ).toBe('30 days$80.00');
    await user.click(screen.getByRole('radio', { name: /7 days/ }));
    expect(screen.getByTestId('ad-price').textContent).toBe('Price: $25.00 for 7 days');
  });

  it('a double click on Pay makes one order, with the key made when the form opened, then goes to checkout', async () => {
    const calls = shop();
    renderApp('/buy-ads');
    const user = userEvent.setup();
    await fillBallOrder(user);

    await user.dblClick(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith(CHECKOUT_URL));

    const orders = callsTo(calls, 'POST', '/api/ads/orders');
    expect(orders).toHaveLength(1);
    expect(sentBody(orders[0])).toEqual({
      kind: 'ball',
      color: 'red',
      imageKey: 'ball-key.webp',
      destinationUrl: 'https://shop.example/',
      runDays: 7,
    });
    expect(headerOf(orders[0], 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(callsTo(calls, 'POST', '/api/ads/orders/order-1/checkout')).toHaveLength(1);
    expect(leavePageFor).toHaveBeenCalledTimes(1);
    const button = screen.getByRole('button', { name: 'Going to payment...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('shows a refusal next to its field, and the next try is the same purchase (same key)', async () => {
    let answers = 0;
    const calls = shop({
      'POST /api/ads/orders': () =>
        ++answers === 1
          ? respond(400, {
              message: 'destinationUrl must be an https:// address',
              field: 'destinationUrl',
            })
          : respond(200, anAd()),
    });
    renderApp('/buy-ads');
    const user = userEvent.setup();
    await fillBallOrder(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(fieldError('Destination')).toBe('destinationUrl must be an https:// address'),
    );
    expect(screen.getByLabelText('Destination').getAttribute('aria-invalid')).toBe('true');
    expect(leavePageFor).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith(CHECKOUT_URL));
    const keys = callsTo(calls, 'POST', '/api/ads/orders').map((c) =>
      headerOf(c, 'Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("a refusal about no field shows above the button ('Payment System Not Available')", async () => {
    shop({ 'POST /api/ads/orders': respond(503, { message: 'Payment System Not Available' }) });
    // The client's retries of a 503 wait on the test clock.
    const user = startTestClock();
    renderApp('/buy-ads');
    await fillBallOrder(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('Payment System Not Available');
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the live preview on a narrow screen', () => {
  // The one-column layout's query (ad-order-form.tsx) matches, as on a phone.
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 820px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    delete (window as Partial<Window>).matchMedia;
  });

  // In reading order: the image field, the preview, then the rest of the form and Pay.
  const follows = (a: Element, b: Element) =>
    Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

  it.each([
    ['/buy-ads', 'ad-board-preview'],
    ['/buy-banner-ads', 'banner-preview'],
  ])('%s shows it right after the image field, before the Pay button', async (path, testId) => {
    shop();
    renderApp(path);
    const pay = await screen.findByRole('button', { name: 'Pay' });
    const preview = screen.getByTestId(testId);
    expect(follows(screen.getByLabelText('Image'), preview)).toBe(true);
    expect(follows(preview, screen.getByLabelText('Destination'))).toBe(true);
    expect(follows(preview, pay)).toBe(true);
  });
});

describe('/buy-banner-ads', () => {
  it('orders a banner: no colour, the image previewed at 728×90 and at phone width', async () => {
    const calls = shop({
      'POST /api/ads/orders': respond(201, anAd({ kind: 'banner', color: '' })),
    });
    renderApp('/buy-banner-ads');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Buy Banner Ads' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Red' })).toBeNull();
    expect(within(screen.getByTestId('banner-preview')).getAllByText('728 × 90')).toHaveLength(2);

    await user.upload(screen.getByLabelText('Image'), png());
    const full = await screen.findByRole('img', { name: 'Your banner at 728×90' });
    expect(full.getAttribute('src')).toBe('/api/media/banner-key.webp');
    expect(screen.getByRole('img', { name: 'Your banner on a phone' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/ads/images')[0].url).toBe('/api/ads/images?kind=banner');

    await user.type(screen.getByLabelText('Destination'), 'https://shop.example/');
    await user.click(screen.getByRole('radio', { name: /1 day/ }));
    expect(screen.getByTestId('ad-price').textContent).toBe('Price: $8.00 for 1 day');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(sentBody(callsTo(calls, 'POST', '/api/ads/orders')[0])).toEqual({
      kind: 'banner',
      imageKey: 'banner-key.webp',
      destinationUrl: 'https://shop.example/',
      runDays: 1,
    });
  });
});
