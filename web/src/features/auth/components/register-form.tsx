import type { FormEvent } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormFields } from '@/hooks/use-form-fields';
import { EMAIL_FIELD, NEW_PASSWORD_FIELD, USERNAME_FIELD, WALLET_FIELD } from '@/lib/form-fields';
import { WALLET_RULE } from '@/lib/auth/rules';
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
        {...NEW_PASSWORD_FIELD}
        placeholder="Choose a password"
        required
        {...bind('password')}
      />
      <Field {...WALLET_FIELD} title={WALLET_RULE} hint={WALLET_RULE} {...bind('evmWallet')} />
      <SubmitButton size="lg" block pending={register.isPending} pendingLabel="Creating Account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
