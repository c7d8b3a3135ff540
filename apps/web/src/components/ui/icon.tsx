/** Small stroke icons for sidebars and cards (inline SVG keeps the bundle free of an icon font). */
const paths: Record<string, string> = {
  dashboard: "M3 13h8V3H3zm10 8h8V11h-8zM3 21h8v-6H3zm10-18v6h8V3z",
  spark: "M12 3l2.5 6.5L21 12l-6.5 2.5L12 21l-2.5-6.5L3 12l6.5-2.5z",
  card: "M3 6h18v12H3zM3 10h18",
  support: "M4 5h16v11H8l-4 4z",
  clock: "M12 7v5l3 3M12 3a9 9 0 100 18 9 9 0 000-18z",
  history: "M3 12a9 9 0 109-9M3 4v5h5",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z",
  orders: "M6 4h12l1 16H5zM9 8a3 3 0 006 0",
  users: "M16 11a4 4 0 10-8 0M4 20a8 8 0 0116 0",
  settings:
    "M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-2-4-2 1-2-1-1-2h-4l-1 2-2 1-2-1-2 4 2 1v0l-2 1 2 4 2-1 2 1 1 2h4l1-2 2-1 2 1 2-4z",
  template: "M4 4h16v16H4zM4 9h16M9 9v11",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
};

export function Icon({ name }: { name: keyof typeof paths | string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d={paths[name] ?? paths.dashboard} />
    </svg>
  );
}
