import type { Knex } from '@ballmatch/platform';

/** A row of `board_writes` (migration 007): boards by name (store/boards.ts, boardName). */
export interface BoardWriteRow {
  id: string;
  boards: string[];
}

/** The Redis boards that may lack a committed change (domain/board-repairs.ts). */
export function createBoardWriteStore(db: Knex) {
  return {
    /** Boards whose Redis writes failed after a commit that wrote no row of its own. */
    async note(boards: string[], at: Date): Promise<string> {
      const [row] = await db('board_writes')
        .insert({ boards, noted_at: at })
        .returning<{ id: string }[]>('id');
      return String(row!.id);
    },

    /** Their Redis writes are done. */
    async forget(ids: string[]): Promise<void> {
      if (ids.length > 0) await db('board_writes').whereIn('id', ids).delete();
    },

    /** Rows known failed (`ids`), and every row noted before `before` (left by anyone). */
    async due(ids: string[], before: Date, limit: number): Promise<BoardWriteRow[]> {
      const { rows } = await db.raw(
        `SELECT id, boards FROM board_writes WHERE id = ANY(?::bigint[]) OR noted_at < ?
         ORDER BY id LIMIT ?`,
        [ids, before, limit],
      );
      return (rows as { id: string; boards: string[] }[]).map((r) => ({
        id: String(r.id),
        boards: r.boards,
      }));
    },
  };
}

export type BoardWriteStore = ReturnType<typeof createBoardWriteStore>;
