import type { ReactNode } from 'react';

/**
 * A table of facts: each row's first cell names it, the others are labelled by their column
 * (shown above each value on a phone, where the rows become cards; info.css).
 */
export function InfoTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  /** The column names, the first one naming what each row is. */
  columns: readonly string[];
  rows: ReadonlyArray<readonly [ReactNode, ...ReactNode[]]>;
}) {
  return (
    <table className="info-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, ...cells], index) => (
          <tr key={index}>
            <th scope="row">{name}</th>
            {cells.map((cell, i) => (
              <td key={i} data-label={columns[i + 1]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'On this page': links to a long page's sections. */
export function OnThisPage({
  sections,
}: {
  sections: ReadonlyArray<{ id: string; title: string }>;
}) {
  return (
    <nav className="info-toc panel" aria-labelledby="on-this-page">
      <h2 id="on-this-page">On this page</h2>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
