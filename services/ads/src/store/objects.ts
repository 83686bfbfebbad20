import type { Knex } from '@ballmatch/platform';

/** Who uploaded an object and what for (an order may only use its advertiser's image of its kind). */
export interface ObjectOwner {
  ownerId: string;
  kind: string;
}

export interface StoredObject {
  content: Buffer;
  contentType: string;
}

/**
 * Where uploaded media live, by server-made key. This implementation is a PostgreSQL table; an
 * S3-compatible store fits the same interface (put: PutObject with the owner as object metadata,
 * get: GetObject, owner: HeadObject), and nothing else in the service needs to change.
 */
export interface ObjectStore {
  put(key: string, content: Buffer, contentType: string, owner: ObjectOwner): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  owner(key: string): Promise<ObjectOwner | null>;
}

type Raw = Record<string, unknown>;

export function createObjectStore(db: Knex): ObjectStore {
  const objects = () => db<Raw>('objects');
  return {
    async put(key, content, contentType, owner) {
      await objects().insert({
        key,
        content_type: contentType,
        bytes: content,
        size: content.length,
        owner_id: owner.ownerId,
        kind: owner.kind,
      });
    },

    async get(key) {
      const row = await objects().select('bytes', 'content_type').where({ key }).first();
      return row ? { content: row.bytes as Buffer, contentType: String(row.content_type) } : null;
    },

    async owner(key) {
      const row = await objects().select('owner_id', 'kind').where({ key }).first();
      return row ? { ownerId: String(row.owner_id), kind: String(row.kind) } : null;
    },
  };
}
