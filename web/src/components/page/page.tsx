import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { BackLink } from './back-link';
import { PageTitle } from './page-title';

/**
 * A page's frame: the way back (if any), the document title and the main heading with its line,
 * then the page. `className` is added to 'page' (e.g. 'page--narrow').
 */
export function Page({
  className,
  back,
  title,
  subtitle,
  docTitle,
  children,
}: {
  className?: string;
  back?: { to: string; label: string };
  title: ReactNode;
  subtitle?: ReactNode;
  docTitle?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('page', className)}>
      {back && <BackLink to={back.to} label={back.label} />}
      <PageTitle title={title} subtitle={subtitle} docTitle={docTitle} />
      {children}
    </div>
  );
}
