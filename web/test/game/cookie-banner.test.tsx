import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { CookieBanner } from '@/features/consent/components/cookie-banner';
import { CONSENT_KEY } from '@/features/consent/consent-store';

function renderBanner() {
  const router = createMemoryRouter([{ path: '/', Component: CookieBanner }]);
  return render(<RouterProvider router={router} />);
}

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});

describe('cookie banner', () => {
  it('appears 1 s after load when no choice is stored', () => {
    renderBanner();
    act(() => jest.advanceTimersByTime(999));
    expect(banner()).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  it('stays away when a choice is stored', () => {
    localStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ accepted: false, timestamp: '2025-01-01T00:00:00.000Z' }),
    );
    renderBanner();
    act(() => jest.advanceTimersByTime(5000));
    expect(banner()).toBeNull();
  });

  it("'Accept' stores true with a timestamp", () => {
    jest.setSystemTime(new Date('2025-06-01T12:00:00.000Z'));
    renderBanner();
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toEqual({
      accepted: true,
      timestamp: '2025-06-01T12:00:01.000Z',
    });
  });

  it("'Reject All' stores false", () => {
    renderBanner();
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(banner()).toBeNull();
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!).accepted).toBe(false);
  });

  it('the close button hides it for this visit only', () => {
    const view = renderBanner();
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Close cookie banner' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
    view.unmount();
    renderBanner();
    act(() => jest.advanceTimersByTime(1000));
    expect(banner()).not.toBeNull();
  });
});
