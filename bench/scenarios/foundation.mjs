/** Foundation scenarios: health (database ping) and the signed-in user's record. */
export default [
  { name: "GET /api/health", type: "http", method: "GET", path: "/api/health" },
  { name: "GET /api/me (signed in)", type: "http", method: "GET", path: "/api/me", auth: "member" },
];
