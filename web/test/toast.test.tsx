import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  Toaster,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  dismissToast,
  getToasts,
  toast,
} from '@/components/ui/toast';

function renderToaster() {
  return render(<Toaster />);
}

function shownTitles() {
  const region = screen.getByRole('region', { name: 'Notifications (F8)' });
  return [...region.querySelectorAll('.toast__title')].map((title) => title.textContent);
}

/** jsdom has no PointerEvent, so pointer events are plain events carrying clientX. */
function pointer(target: Element, type: string, clientX: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.assign(event, { clientX, button: 0, pointerId: 1 });
  act(() => {
    target.dispatchEvent(event);
  });
}

describe('toasts', () => {
  it('shows at most one toast: a new one replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    renderToaster();
    act(() => {
      toast({ title: 'Login successful', description: 'Welcome, alice!' });
    });
    expect(shownTitles()).toEqual(['Login successful']);
    act(() => {
      toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
    });
    expect(shownTitles()).toEqual(['Logged out']);
    expect(screen.getByText('You have been logged out successfully.')).toBeTruthy();
    expect(getToasts()).toHaveLength(1);
  });

  it('a queued toast waits for the open one to close instead of replacing it', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Score Submitted' });
    });
    let queued: { id: string } | undefined;
    act(() => {
      queued = toast({ title: 'Achievement unlocked: First Game', queue: true });
    });
    expect(shownTitles()).toEqual(['Score Submitted']);
    act(() => {
      dismissToast(getToasts()[0]!.id);
    });
    expect(
      getToasts()
        .filter((t) => t.open)
        .map((t) => t.id),
    ).toEqual([queued!.id]);
    expect(shownTitles()).toContain('Achievement unlocked: First Game');
  });

  it('closes after 5000 ms by default', async () => {
    jest.useFakeTimers();
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
    renderToaster();
    act(() => {
      toast({ title: 'Profile updated' });
    });
    await act(() => jest.advanceTimersByTimeAsync(4999));
    expect(shownTitles()).toEqual(['Profile updated']);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(shownTitles()).toEqual([]);
  });

  it('honours a custom duration', async () => {
    jest.useFakeTimers();
    renderToaster();
    act(() => {
      toast({ title: 'Quick', duration: 1000 });
    });
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(shownTitles()).toEqual([]);
  });

  it('removes a dismissed toast from the list 1000000 ms later', async () => {
    jest.useFakeTimers();
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    renderToaster();
    act(() => {
      toast({ title: 'Logout failed', variant: 'destructive' });
    });
    act(() => dismissToast());
    expect(shownTitles()).toEqual([]);
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0].open).toBe(false);
    await act(() => jest.advanceTimersByTimeAsync(TOAST_REMOVE_DELAY_MS - 1));
    expect(getToasts()).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(getToasts()).toHaveLength(0);
  });

  it('closes with its close button', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Registration successful' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(shownTitles()).toEqual([]);
  });

  it('is dismissed by a swipe right of more than 50 px, not by a shorter one', () => {
    renderToaster();
    act(() => {
      toast({
        title: 'Login failed',
        description: 'Invalid email or password',
        variant: 'destructive',
      });
    });
    const item = screen.getByRole('alert');

    pointer(item, 'pointerdown', 100);
    pointer(item, 'pointermove', 140);
    pointer(item, 'pointerup', 150);
    expect(shownTitles()).toEqual(['Login failed']);

    pointer(item, 'pointerdown', 100);
    pointer(item, 'pointermove', 140);
    pointer(item, 'pointerup', 151);
    expect(shownTitles()).toEqual([]);
  });

  it('does not dismiss on a swipe to the left', () => {
    renderToaster();
    act(() => {
      toast({ title: 'Profile update failed', variant: 'destructive' });
    });
    const item = screen.getByRole('alert');
    pointer(item, 'pointerdown', 300);
    pointer(item, 'pointerup', 100);
    expect(shownTitles()).toEqual(['Profile update failed']);
  });

  it("marks failures destructive and lives in a live region labelled 'Notifications (F8)'", () => {
    renderToaster();
    act(() => {
      toast({ title: 'Login failed', variant: 'destructive' });
    });
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('alert').getAttribute('data-variant')).toBe('destructive');
  });

  it('F8 moves focus to the notification area', () => {
    renderToaster();
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(document.activeElement).not.toBe(region);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(region);
  });
});
