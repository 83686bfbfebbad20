import { randomUUID } from 'node:crypto';
import { isUuid } from '../src';

describe('isUuid', () => {
  it('accepts any UUID in either case', () => {
    expect(isUuid(randomUUID())).toBe(true);
    expect(isUuid('6F1C0B1E-8A39-4F77-9A39-3E0F6D1C2B11')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it.each(['', 'abc', '6f1c0b1e8a394f779a393e0f6d1c2b11', `${randomUUID()} `, `x${randomUUID()}`])(
    'refuses %j',
    (value) => expect(isUuid(value)).toBe(false),
  );
});
