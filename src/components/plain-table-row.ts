import { Table } from '@mantine/core';

/**
 * Mantine Table's own classes and row attributes for rows written as plain `<tr>`/`<td>`: a
 * Table.Tr or Table.Td is a component with its own hooks per element, which in a table of a
 * hundred rows costs most of the render. The look stays Mantine's (the table root sets the
 * spacing, stripes and hover colour).
 */
export const plainRowClass = `${Table.classes.tr ?? ''} mantine-Table-tr`;
export const plainCellClass = `${Table.classes.td ?? ''} mantine-Table-td`;

/** What Table.Tr adds inside `<Table striped highlightOnHover>` (row borders are on by default). */
export const stripedHoverRowAttributes = { 'data-with-row-border': true, 'data-striped': 'odd', 'data-hover': true } as const;
