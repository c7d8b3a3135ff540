// Public content reads (issue 12 item 4 targets: ≥ 0.5 of the bare route, p99 ≤ 25 ms at 100 connections):
// served from pre-serialised cached bodies (no database query), revalidated with an ETag.
const read = (name, path, extra = {}) => ({ name, type: "http", method: "GET", path, read: true, ...extra });

export default [
  read("content: GET /api/hero-section", "/api/hero-section"),
  read("content: GET /api/banner-section", "/api/banner-section"),
  read("content: GET /api/features-section", "/api/features-section"),
  read("content: GET /api/about-section", "/api/about-section"),
  read("content: GET /api/testimonials", "/api/testimonials"),
  read("content: GET /api/footer-section", "/api/footer-section"),
  read("content: GET /api/contact-page", "/api/contact-page"),
  read("content: GET /api/footer-section (304)", "/api/footer-section", { revalidate: true }),
  // A browser asks for brotli. The page (8 KB) is far larger than the bare route's answer, and the load generator
  // decodes every body it receives, so it is paired with the bare route sending the very same bytes.
  read("content: GET / (landing HTML, content inlined)", "/", {
    headers: { "accept-encoding": "br" },
    sameBytesBaseline: true,
  }),
];
