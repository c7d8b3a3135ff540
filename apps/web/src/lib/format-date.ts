/**
 * The one date format of the app (decision 127): the browser's own locale and time zone, through
 * Intl — "29 Nov 2026, 04:12" for en-GB, "Nov 29, 2026, 4:12 AM" for en-US. Every page that shows a date uses it.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(withTime: boolean): Intl.DateTimeFormat {
  const key = withTime ? "time" : "date";
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, {
      dateStyle: "medium",
      ...(withTime ? { timeStyle: "short" } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** A date (ISO text, epoch ms or Date) in the browser's locale; "—" when it is missing or not a date. */
export function formatDate(value: string | number | Date | null | undefined, opts: { time?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? "—" : format(opts.time ?? false).format(d);
}
