// The props of the account fields more than one form asks for, spread into a <Field> before the
// form's own (a form may override any of them).
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_RULE,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  USERNAME_RULE,
  WALLET_PATTERN,
} from './auth/rules';

/** An email address to write to (the browser offers the user's own). */
export const EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  placeholder: 'you@example.com',
  required: true,
} as const;

/** A username, with its rule checked by the browser and shown below the field. */
export const USERNAME_FIELD = {
  label: 'Username',
  autoComplete: 'username',
  required: true,
  minLength: USERNAME_MIN,
  maxLength: USERNAME_MAX,
  pattern: USERNAME_PATTERN,
  title: USERNAME_RULE,
  hint: USERNAME_RULE,
} as const;

/** The password the user has (the browser offers the saved one), to sign in or to confirm. */
export const CURRENT_PASSWORD_FIELD = {
  label: 'Password',
  type: 'password',
  autoComplete: 'current-password',
} as const;

/** A new password, with its rule checked by the browser and shown below the field. */
export const NEW_PASSWORD_FIELD = {
  label: 'Password',
  type: 'password',
  autoComplete: 'new-password',
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  hint: PASSWORD_RULE,
} as const;

/** An optional EVM wallet address; the form adds its own hint and title. */
export const WALLET_FIELD = {
  label: (
    <>
      EVM wallet <span className="field__optional">(optional)</span>
    </>
  ),
  placeholder: '0x...',
  autoComplete: 'off',
  spellCheck: false,
  pattern: WALLET_PATTERN,
} as const;
