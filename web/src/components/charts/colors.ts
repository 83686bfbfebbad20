/**
 * A CSS colour as a canvas takes it: `var(--tint-blue)` becomes the custom property's value on
 * `element` (a canvas knows nothing of CSS variables); anything else is used as it is.
 */
export function canvasColor(element: Element, color: string): string {
  const variable = /^var\((--[\w-]+)\)$/.exec(color.trim());
  if (!variable) return color;
  return getComputedStyle(element).getPropertyValue(variable[1]!).trim() || '#888';
}

let drawable: boolean | undefined;

/** Whether this browser draws on a canvas (a test's jsdom does not: the chart's figures remain). */
export function canDrawCanvas(): boolean {
  drawable ??= (() => {
    try {
      return document.createElement('canvas').getContext('2d') !== null;
    } catch {
      return false;
    }
  })();
  return drawable;
}
