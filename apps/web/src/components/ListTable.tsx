// The table every admin list shows its rows in: one look (row lines, no stripes; spacing from the
// theme), and sideways scrolling when the window is narrower than its columns need.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

type ListTableProps = {
  /** The header texts, in column order. */
  columns: string[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
};

export function ListTable({ columns, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
