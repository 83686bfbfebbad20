import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormFields } from '@/hooks/use-form-fields';
import { EMAIL_FIELD, USERNAME_FIELD, WALLET_FIELD } from '@/lib/form-fields';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_RULE, WALLET_RULE } from '@/lib/auth/rules';
import { useRegister } from '../api/register';

const FIELDS = ['username', 'email', 'password', 'evmWallet'] as const;
type RegisterField = (typeof FIELDS)[number];

/** New account: username, email, password and an optional EVM wallet address. */
export function RegisterForm() {
  const register = useRegister();
  const { values, fieldErrors, bind } = useFormFields<RegisterField>(FIELDS, {
    username: '',
    email: '',
    password: '',
    evmWallet: '',
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fieldErrors.clear();
    const wallet = values.evmWallet.trim();
    register.mutate(
      {
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(wallet ? { evmWallet: wallet } : {}),
      },
      { onError: fieldErrors.fromServer },
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label="Register">
      <Field {...USERNAME_FIELD} placeholder="BallBuster_42" {...bind('username')} />
      <Field {...EMAIL_FIELD} {...bind('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Choose a password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={PASSWORD_RULE}
        {...bind('password')}
      />
      <Field {...WALLET_FIELD} title={WALLET_RULE} hint={WALLET_RULE} {...bind('evmWallet')} />
      <Button type="submit" size="lg" block disabled={register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
