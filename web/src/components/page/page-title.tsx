import type { ReactNode } from 'react';

/** The document title and the page's main heading, with an optional line under it. */
export function PageTitle({
  title,
  subtitle,
  docTitle,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  docTitle?: string;
}) {
  const tabTitle = docTitle ?? (typeof title === 'string' ? title : undefined);
  return (
    <header className="page-header">
      {tabTitle && <title>{`${tabTitle} · BallMatch`}</title>}
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
    </header>
  );
}
