// Public content reads: served from the in-memory cache (no database query), revalidated with an ETag.
export default [
  { name: "content: GET /api/features-section", type: "http", method: "GET", path: "/api/features-section" },
  { name: "content: GET /api/footer-section", type: "http", method: "GET", path: "/api/footer-section" },
  { name: "content: GET / (landing HTML, content inlined)", type: "http", method: "GET", path: "/" },
];
