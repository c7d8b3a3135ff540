/**
 * Former name of the one admin table (components/ui/data-table.tsx); kept until every list imports DataTable.
 */
export {
  type Column,
  compareValues,
  DataTable as SortableTable,
  nextSort,
  type SortDir,
  type SortState,
  type SortValue,
  sortRows,
  useSort,
} from "./data-table";
