import { COLORS } from '@ballmatch/engine';
import { AppError } from '@ballmatch/platform';
import { sanitizeIconSvg } from '../media/svg';
import type { IconRow, IconStore } from '../store/icons';

/** What happened to a colour's icon (the `change` of the ads.changed event). */
export type IconChange = 'icon_uploaded' | 'icon_deleted';

function checkColor(colorCode: string): void {
  if (!(COLORS as readonly string[]).includes(colorCode)) {
    throw new AppError('INVALID_ARGUMENT', `color_code must be one of ${COLORS.join(', ')}`, {
      field: 'color_code',
    });
  }
}

/** The admins' custom ball icons: one sanitised SVG per colour. */
export function createIcons({
  store,
  changed,
}: {
  store: IconStore;
  /** Told after each change is stored (the service drops its caches and announces it). */
  changed: (colorCode: string, change: IconChange) => Promise<void> | void;
}) {
  return {
    list: (): Promise<IconRow[]> => store.list(),

    /** Replaces the colour's icon with the sanitised SVG, and answers what was stored. */
    async upload(colorCode: string, svg: string, adminId: string): Promise<IconRow> {
      checkColor(colorCode);
      const svgContent = sanitizeIconSvg(svg);
      await store.put(colorCode, svgContent, adminId);
      await changed(colorCode, 'icon_uploaded');
      return { colorCode, svgContent };
    },

    async remove(colorCode: string): Promise<void> {
      checkColor(colorCode);
      if (!(await store.remove(colorCode))) {
        throw new AppError('NOT_FOUND', `There is no custom icon for ${colorCode}`, {
          field: 'color_code',
        });
      }
      await changed(colorCode, 'icon_deleted');
    },
  };
}

export type Icons = ReturnType<typeof createIcons>;
