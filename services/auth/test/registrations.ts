/**
 * Register requests, each with the next number: by default `<prefix>_<n>` as username and
 * `<prefix><n>@example.com` as email; a username given to the call is used as it is.
 */
export function registrations(prefix: string, username = (n: number) => `${prefix}_${n}`) {
  let n = 0;
  return (name?: string) => {
    n += 1;
    return {
      username: name ?? username(n),
      email: `${prefix}${n}@example.com`,
      password: 'correct horse battery',
      clientAddress: '10.0.0.1',
      evmWallet: '',
    };
  };
}
