// The API's shapes that more than one feature reads: an update (docs/api.md 'Updates (news)') as
// the public reads it (the admin's adds its status), and a page of results.

/** A published update. Lists leave `content` out; one update read by id carries it. */
export interface Update {
  id: string;
  title: string;
  /** Sanitised HTML (the server's allow-list): safe to insert as it is. */
  content?: string;
  /** The text of the content, at most 300 characters, with '...' when it was cut. */
  preview: string;
  publishDate: string;
}

export interface Pagination {
  currentPage: number;
  totalPages: number;
  total: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

/** One stored game's score, as the scores service answers it to its player and to admins. */
export interface GameScore {
  id: string;
  playerName: string;
  score: number;
  level: number;
  moves: number;
  createdAt: string;
}

/** What became of a score under review (docs/api.md 'Review of suspicious games'). */
export type ReviewState = 'accepted' | 'held' | 'cleared' | 'rejected';
