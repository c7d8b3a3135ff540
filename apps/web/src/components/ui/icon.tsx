import type { IconGlyph } from "./icons";

/**
 * The one icon component (inline SVG keeps the bundle free of an icon font): draws a glyph from ./icons in the
 * current text colour. Decorative (hidden from screen readers) unless `label` names it.
 */
export function Icon({
  glyph,
  className = "h-5 w-5 shrink-0",
  label,
}: {
  glyph: IconGlyph;
  className?: string;
  label?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={glyph.strokeWidth ?? 1.8}
      strokeLinejoin="round"
      strokeLinecap="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={glyph.d} />
    </svg>
  );
}
