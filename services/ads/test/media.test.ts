import { randomUUID } from 'node:crypto';
import type { Knex } from '@ballmatch/platform';
import { pngDeclaring } from '@ballmatch/platform/testing';
import sharp from 'sharp';
import { createUploads } from '../src/domain/uploads';
import { MAX_UPLOAD_BYTES } from '../src/media/limits';
import { createObjectStore } from '../src/store/objects';
import { openMediaDatabase } from './media-db';

let media: Awaited<ReturnType<typeof openMediaDatabase>>;
let db: Knex;
let uploads: ReturnType<typeof createUploads>;
beforeAll(async () => {
  media = await openMediaDatabase();
  db = media.db;
  uploads = createUploads({ objects: createObjectStore(db) });
});
afterAll(() => media.close());

const owner = randomUUID();

/** Noise, so that a cut file ends inside the compressed pixels. */
function noise(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

const stored = (key: string) =>
  db('objects').select('content_type', 'bytes', 'size', 'owner_id', 'kind').where({ key }).first();

describe('a good image is re-encoded and stored', () => {
  it('a PNG becomes a 256×256 WebP ball face under a server-made key', async () => {
    const png = await noise(300, 200).png().toBuffer();
    const answer = await uploads.upload(owner, 'ball', png);
    expect(answer).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}\.webp$/),
      imageUrl: `/api/media/${answer.key}`,
      width: 256,
      height: 256,
    });
    const row = await stored(answer.key);
    expect(row).toMatchObject({ content_type: 'image/webp', owner_id: owner, kind: 'ball' });
    expect(row.size).toBe(row.bytes.length);
    const meta = await sharp(row.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(await uploads.get(answer.key)).toEqual({
      content: row.bytes,
      contentType: 'image/webp',
    });
  });

  it('a JPEG becomes a 728×90 banner and its EXIF is gone', async () => {
    const jpeg = await noise(1000, 400)
      .jpeg()
      .withExif({ IFD0: { Artist: 'Ann Advertiser', Copyright: 'GPS and secrets' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const answer = await uploads.upload(owner, 'banner', jpeg);
    expect(answer).toMatchObject({ width: 728, height: 90 });
    const { content } = await uploads.get(answer.key);
    const meta = await sharp(content).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 728, height: 90 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(content.includes('Ann Advertiser')).toBe(false);
  });

  it('a WebP at the least size (64×64) is scaled up to a ball face', async () => {
    const webp = await noise(64, 64).webp().toBuffer();
    const answer = await uploads.upload(owner, 'ball', webp);
    const meta = await sharp((await uploads.get(answer.key)).content).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('the crop keeps the centre', async () => {
    // 600×200: blue, with a red square in the middle third. A square crop of the centre is red.
    const red = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const png = await sharp({
      create: { width: 600, height: 200, channels: 3, background: '#0000ff' },
    })
      .composite([{ input: red, left: 200, top: 0 }])
      .png()
      .toBuffer();
    const answer = await uploads.upload(owner, 'ball', png);
    const { channels } = await sharp((await uploads.get(answer.key)).content).stats();
    expect(channels[0]!.mean).toBeGreaterThan(240);
    expect(channels[2]!.mean).toBeLessThan(15);
  });
});

describe('a hostile or unusable upload is refused and nothing is stored', () => {
  let before: number;
  beforeEach(async () => {
    before = await media.count('objects');
  });
  afterEach(async () => {
    expect(await media.count('objects')).toBe(before);
  });

  const refused = (message: string, field?: string) => ({
    name: 'AppError',
    code: 'INVALID_ARGUMENT',
    message,
    details: field ? { field } : {},
  });
  const NOT_AN_IMAGE = 'The file is not a PNG, JPEG or WebP image';

  it('an HTML file sent as an image', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    await expect(uploads.upload(owner, 'ball', html)).rejects.toMatchObject(refused(NOT_AN_IMAGE));
  });

  it('an SVG, a GIF and empty bytes', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"/>');
    const gif = await noise(100, 100).gif().toBuffer();
    for (const bytes of [svg, gif, Buffer.alloc(0)]) {
      await expect(uploads.upload(owner, 'ball', bytes)).rejects.toMatchObject(
        refused(NOT_AN_IMAGE),
      );
    }
  });

  it('an image over 5 MB (5 MB + 1 byte; the gateway refuses larger bodies first)', async () => {
    const png = await noise(100, 100).png().toBuffer();
    const over = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    await expect(uploads.upload(owner, 'ball', over)).rejects.toMatchObject(
      refused('Images may be at most 5 MB'),
    );
  });

  it('a PNG whose header declares 20000×20000 is refused from the header alone', async () => {
    const bomb = pngDeclaring(20000, 20000);
    expect(bomb.length).toBeLessThan(200);
    await expect(uploads.upload(owner, 'ball', bomb)).rejects.toMatchObject(
      refused('The image is 20000×20000 pixels; at most 4096 on a side'),
    );
    await expect(uploads.upload(owner, 'banner', pngDeclaring(4097, 100))).rejects.toMatchObject(
      refused('The image is 4097×100 pixels; at most 4096 on a side'),
    );
  });

  it('a truncated PNG, JPEG or WebP', async () => {
    const files = await Promise.all([
      noise(400, 400).png().toBuffer(),
      noise(400, 400).jpeg().toBuffer(),
      noise(400, 400).webp().toBuffer(),
    ]);
    for (const whole of files) {
      const cut = whole.subarray(0, Math.floor(whole.length / 2));
      await expect(uploads.upload(owner, 'ball', cut)).rejects.toMatchObject(
        refused('The image is damaged or incomplete'),
      );
    }
  });

  it('a PNG signature followed by garbage', async () => {
    const fake = Buffer.concat([pngDeclaring(100, 100).subarray(0, 8), Buffer.alloc(500, 7)]);
    await expect(uploads.upload(owner, 'ball', fake)).rejects.toMatchObject(
      refused('The image is damaged or incomplete'),
    );
  });

  it("smaller than the ad's size", async () => {
    await expect(
      uploads.upload(owner, 'ball', await noise(63, 200).png().toBuffer()),
    ).rejects.toMatchObject(
      refused('The image is 63×200 pixels; a ball image must be at least 64×64'),
    );
    await expect(
      uploads.upload(owner, 'banner', await noise(727, 400).png().toBuffer()),
    ).rejects.toMatchObject(
      refused('The image is 727×400 pixels; a banner image must be at least 728×90'),
    );
  });

  it('sizes are read as the image is shown (a JPEG rotated by its EXIF orientation)', async () => {
    const turned = await noise(200, 63).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    await expect(uploads.upload(owner, 'ball', turned)).rejects.toMatchObject(
      refused('The image is 63×200 pixels; a ball image must be at least 64×64'),
    );
  });

  it('an unknown kind', async () => {
    const png = await noise(300, 300).png().toBuffer();
    await expect(uploads.upload(owner, 'poster', png)).rejects.toMatchObject(
      refused('kind must be ball or banner', 'kind'),
    );
  });
});

describe('who may use an image', () => {
  it("only its uploader, for the kind it was made for; keys are the server's own", async () => {
    const { key } = await uploads.upload(owner, 'ball', await noise(100, 100).png().toBuffer());
    expect(await uploads.ownedImage(key, owner, 'ball')).toBe(true);
    expect(await uploads.ownedImage(key, owner, 'banner')).toBe(false);
    expect(await uploads.ownedImage(key, randomUUID(), 'ball')).toBe(false);
    expect(await uploads.ownedImage(`${randomUUID()}.webp`, owner, 'ball')).toBe(false);
    expect(await uploads.ownedImage(`../${key}`, owner, 'ball')).toBe(false);
    expect(await uploads.ownedImage('a\u0000b', owner, 'ball')).toBe(false);
  });

  it('an unknown or malformed key is NOT_FOUND', async () => {
    for (const key of [`${randomUUID()}.webp`, 'x.webp', '', 'a\u0000b']) {
      await expect(uploads.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
