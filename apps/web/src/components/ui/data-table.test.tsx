import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Column, DataTable, tableView } from "./data-table";
import { compareValues, nextSort, type SortState, sortRows } from "./table-sort";

type Row = { id: string; n: number; name: string };
const columns: Column<Row>[] = [
  { key: "name", header: "Name", render: (r) => r.name, sortValue: (r) => r.name },
  { key: "n", header: "N", render: (r) => String(r.n), sortValue: (r) => r.n },
  { key: "actions", header: "Actions", render: () => "…" },
];
const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: `r${i}`, n: i % 5, name: `Row ${i + 1}` }));

describe("sorting", () => {
  it("a new column sorts ascending, the same column flips", () => {
    const s: SortState = { key: "createdAt", dir: "desc" };
    expect(nextSort(s, "name")).toEqual({ key: "name", dir: "asc" });
    expect(nextSort({ key: "name", dir: "asc" }, "name")).toEqual({ key: "name", dir: "desc" });
    expect(nextSort({ key: "name", dir: "desc" }, "name")).toEqual({ key: "name", dir: "asc" });
  });
  it("compares case-insensitively and numerically", () => {
    expect(compareValues("apple", "Banana")).toBeLessThan(0);
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues("Row 2", "Row 10")).toBeLessThan(0);
    expect(compareValues(null, 0)).toBeLessThan(0);
  });
  it("sorts rows by a column, stable", () => {
    const few = [
      { id: "a", n: 2, name: "a" },
      { id: "b", n: 1, name: "b" },
      { id: "c", n: 2, name: "c" },
    ];
    expect(sortRows(few, columns, { key: "n", dir: "asc" }).map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(sortRows(few, columns, { key: "n", dir: "desc" }).map((r) => r.id)).toEqual(["a", "c", "b"]);
    // A column without sortValue leaves the order alone.
    expect(sortRows(few, columns, { key: "actions", dir: "desc" }).map((r) => r.id)).toEqual(["a", "b", "c"]);
  });
});

describe("tableView: sort, then page", () => {
  it("pages the sorted rows", () => {
    const view = tableView(rows, columns, { key: "name", dir: "desc" }, 1, 10);
    expect(view).toMatchObject({ page: 1, pageCount: 3, total: 23 });
    expect(view.rows.map((r) => r.name)).toEqual([
      "Row 23",
      "Row 22",
      "Row 21",
      "Row 20",
      "Row 19",
      "Row 18",
      "Row 17",
      "Row 16",
      "Row 15",
      "Row 14",
    ]);
    const last = tableView(rows, columns, { key: "name", dir: "desc" }, 3, 10);
    expect(last.rows.map((r) => r.name)).toEqual(["Row 3", "Row 2", "Row 1"]);
  });
  it("clamps a page beyond the end (rows shrank after a search) and keeps one empty page", () => {
    expect(tableView(rows.slice(0, 4), columns, undefined, 5, 10)).toMatchObject({ page: 1, pageCount: 1, total: 4 });
    expect(tableView([], columns, undefined, 2, 10)).toEqual({ rows: [], page: 1, pageCount: 1, total: 0 });
  });
  it("without a sort keeps the given order", () => {
    expect(tableView(rows, columns, undefined, 2, 5).rows.map((r) => r.id)).toEqual(["r5", "r6", "r7", "r8", "r9"]);
  });
});

describe("DataTable markup", () => {
  const render = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) =>
    renderToStaticMarkup(<DataTable columns={columns} rows={rows.slice(0, 2)} rowKey={(r) => r.id} {...props} />);

  it("sortable headers are buttons with aria-sort; others are plain, and the header row sticks", () => {
    const html = render({ sort: { key: "n", dir: "desc" }, onSort: () => {}, caption: "Things" });
    expect(html).toContain('<caption class="sr-only">Things</caption>');
    expect(html).toMatch(/<th scope="col" aria-sort="none" class="sticky top-0[^"]*"><button[^>]*>Name/);
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button[^>]*>N<span aria-hidden="true"[^>]*>▼/);
    expect(html).toMatch(/<th scope="col" class="sticky top-0[^"]*">Actions<\/th>/);
    expect(html).toContain("Row 1");
  });
  it("shows the empty text, or a spinner while loading", () => {
    expect(render({ rows: [], empty: "Nothing here." })).toContain("Nothing here.");
    const loading = render({ rows: [], empty: "Nothing here.", loading: true });
    expect(loading).not.toContain("Nothing here.");
    expect(loading).toContain("animate-spin");
  });
  it("renders the toolbar above and the pager below", () => {
    const html = render({
      toolbar: <input aria-label="Search things" />,
      paging: { page: 2, pageCount: 3, onPageChange: () => {}, total: 23, pageSize: 10, label: "Thing pages" },
    });
    expect(html.indexOf("Search things")).toBeLessThan(html.indexOf("<table"));
    expect(html.indexOf('aria-label="Thing pages"')).toBeGreaterThan(html.indexOf("</table>"));
    expect(html).toContain("Showing 11 to 20 of 23 entries");
    expect(html).toContain('aria-current="page"');
  });
  it("leaves the pager out when there are no rows", () => {
    const html = render({
      rows: [],
      paging: { page: 1, pageCount: 1, onPageChange: () => {}, total: 0, pageSize: 10 },
    });
    expect(html).not.toContain("Showing");
  });
});
