import { AuthFrame } from '@/features/auth/components/auth-frame';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthFrame
      pageTitle="Forgot password"
      title="Forgot your password?"
      subtitle="Enter your account's email and we'll send you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
