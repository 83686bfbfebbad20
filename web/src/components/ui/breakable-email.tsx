import { Fragment } from 'react';

/**
 * An email address that may wrap before its '@' and its dots (<wbr>), never inside a word: for
 * long addresses on narrow screens.
 */
export function BreakableEmail({ email }: { email: string }) {
  return email.split(/(?=[.@])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
