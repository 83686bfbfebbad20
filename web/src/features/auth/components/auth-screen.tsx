import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { CenteredSpinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-user';
import { isAdmin } from '@/lib/auth/types';
import { AdminLoginForm } from './admin-login-form';
import { AuthFrame } from './auth-frame';
import { RegisterForm } from './register-form';
import { UserLoginForm } from './user-login-form';
import { returnPath } from '../lib/return-path';

export type AuthTab = 'login' | 'admin' | 'register';
const TAB_VALUES: readonly AuthTab[] = ['login', 'admin', 'register'];

const HEADINGS: Record<AuthTab, { title: string; subtitle: string }> = {
  login: {
    title: 'Welcome back!',
    subtitle: 'Sign in to save your progress and climb the leaderboards.',
  },
  admin: { title: 'Admin sign-in', subtitle: 'For BallMatch administrators only.' },
  register: { title: 'Join BallMatch', subtitle: 'Create a free account in a few seconds.' },
};

/**
 * The /login screen (docs/product.md 'Accounts and sign-in'): User Login, Admin Login and Register
 * tabs. A signed-in visitor is sent on at once: to the page of this site they were on the way to
 * (`?next=`, issue 24), else admins to their dashboard and everyone else to the user dashboard.
 */
export function AuthScreen() {
  const { user, isPending } = useUser();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('tab') as AuthTab | null;
  const [tab, setTab] = useState<AuthTab>(
    requested && TAB_VALUES.includes(requested) ? requested : 'login',
  );

  if (isPending) return <CenteredSpinner label="Checking your session" />;
  if (user) {
    const home = isAdmin(user) ? paths.adminDashboard : paths.userDashboard;
    return <Navigate to={returnPath(searchParams.get('next')) ?? home} replace />;
  }

  const heading = HEADINGS[tab];

  return (
    <AuthFrame pageTitle="Sign in" title={heading.title} subtitle={heading.subtitle}>
      <Tabs<AuthTab>
        label="Sign in or register"
        value={tab}
        onChange={setTab}
        items={[
          { value: 'login', label: 'User Login', content: <UserLoginForm /> },
          { value: 'admin', label: 'Admin Login', content: <AdminLoginForm /> },
          { value: 'register', label: 'Register', content: <RegisterForm /> },
        ]}
      />
      <p className="auth-terms">
        By continuing, you agree to our <Link to={paths.termsOfService}>Terms of Service</Link> and{' '}
        <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
      </p>
    </AuthFrame>
  );
}
