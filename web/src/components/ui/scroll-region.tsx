import type { HTMLAttributes } from 'react';

/**
 * A box whose content may be wider (or taller) than the screen, so it scrolls: a named region
 * that takes focus, so a keyboard can scroll it too (axe's scrollable-region-focusable). Name it
 * with `aria-label` or `aria-labelledby`.
 */
export function ScrollRegion(
  props: HTMLAttributes<HTMLDivElement> &
    ({ 'aria-label': string } | { 'aria-labelledby': string }),
) {
  return <div role="region" tabIndex={0} {...props} />;
}
