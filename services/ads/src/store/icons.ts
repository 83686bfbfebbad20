import type { Knex } from '@ballmatch/platform';

/** A custom ball icon: the colour it replaces and its sanitised SVG. */
export interface IconRow {
  colorCode: string;
  svgContent: string;
}

type Raw = Record<string, unknown>;

const iconRow = (row: Raw): IconRow => ({
  colorCode: String(row.color),
  svgContent: String(row.svg),
});

export function createIconStore(db: Knex) {
  const icons = () => db<Raw>('icons');
  return {
    async list(): Promise<IconRow[]> {
      return (await icons().select('color', 'svg').orderBy('color')).map(iconRow);
    },

    /** Sets the colour's icon, replacing the one it had. */
    async put(colorCode: string, svgContent: string, adminId: string): Promise<void> {
      await icons()
        .insert({ color: colorCode, svg: svgContent, updated_by: adminId })
        .onConflict('color')
        .merge({ svg: svgContent, updated_by: adminId, updated_at: db.fn.now() });
    },

    /** Whether the colour had an icon to delete. */
    async remove(colorCode: string): Promise<boolean> {
      return (await icons().where({ color: colorCode }).delete()) > 0;
    },
  };
}

export type IconStore = ReturnType<typeof createIconStore>;
