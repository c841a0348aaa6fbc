import type { ReactNode } from 'react';

export interface FiguresRow {
  key: string | number;
  /** The row's name (a week, a course, a person): its header cell. */
  head: ReactNode;
  cells: ReactNode[];
}

/**
 * The console's tables of figures beside a chart (by week, by course, by person): one row header and a cell per
 * column, in a region that scrolls sideways on a phone and takes keyboard focus to do so.
 */
export function FiguresTable({
  label,
  columns,
  rows,
  rowTestId,
}: {
  /** The region's accessible name, e.g. "Support by week". */
  label: string;
  /** The headers: the rows' own first, then one per cell. */
  columns: readonly { key: string | number; label: ReactNode }[];
  rows: readonly FiguresRow[];
  rowTestId?: string;
}) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="staff-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-testid={rowTestId}>
              <th scope="row">{r.head}</th>
              {r.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Column headers from plain names. */
export const named = (...labels: string[]) => labels.map((label) => ({ key: label, label }));
