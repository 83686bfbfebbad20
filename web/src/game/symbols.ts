import type { Color } from '@ballmatch/engine';

export type SymbolShape = 'triangle' | 'star' | 'square' | 'circle' | 'plus' | 'diamond';

/** The colour-blind option: a distinct shape on each colour (balls and the target swatch). */
export const COLOR_SYMBOLS: Record<Color, SymbolShape> = {
  orange: 'triangle',
  yellow: 'star',
  blue: 'square',
  red: 'circle',
  green: 'plus',
  purple: 'diamond',
};

/** The same shapes as SVG paths in a 16 × 16 box, for HTML (the canvas draws its own). */
export const SYMBOL_PATHS: Record<SymbolShape, string> = {
  triangle: 'M8 2.5l6 10.5H2z',
  star: 'M8 1.5l1.9 4.1 4.5.5-3.4 3 1 4.4L8 11.2 4 13.5l1-4.4-3.4-3 4.5-.5z',
  square: 'M3 3h10v10H3z',
  circle: 'M8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11z',
  plus: 'M6 2h4v4h4v4h-4v4H6v-4H2V6h4z',
  diamond: 'M8 1.5l5 6.5-5 6.5-5-6.5z',
};
