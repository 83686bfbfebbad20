import { useSearchParams } from 'react-router';
import { AuthFrame } from '@/features/auth/components/auth-frame';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password?token=…: the page the mailed link opens. */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthFrame
      pageTitle="Reset password"
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
    >
      <ResetPasswordForm token={searchParams.get('token') ?? ''} />
    </AuthFrame>
  );
}
