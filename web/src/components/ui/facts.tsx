import type { ReactNode } from 'react';

/** One fact: its label (also its key) and its value. */
export type Fact = readonly [label: string, value: ReactNode];

/** Facts as a description list, each label over its value in a row of its own. */
export function Facts({
  facts,
  className,
  rowClassName,
}: {
  facts: readonly Fact[];
  className?: string;
  rowClassName?: string;
}) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label} className={rowClassName}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
