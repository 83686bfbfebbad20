// The admin answers by email (the site sends none): a mailto: link to the sender, with a subject
// and their message quoted.

/** Mail links longer than this are cut short by some mail programs; the quote gives way. */
const QUOTE_MAX = 1200;

export function replyLink({
  name,
  email,
  message,
}: {
  name: string;
  email: string;
  message: string;
}): string {
  const quoted = (message.length > QUOTE_MAX ? `${message.slice(0, QUOTE_MAX)}…` : message)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `Hi ${name},\n\n\n\n${quoted}`;
  // The address is encoded too (a valid one may hold '?' or '&'), all but its '@'.
  const to = encodeURIComponent(email).replace(/%40/g, '@');
  const subject = 'Re: your message to BallMatch';
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
