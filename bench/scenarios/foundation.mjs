/** Foundation scenarios: health (a ping at most a second old) and the signed-in user's record. */
export default [
  { name: "GET /api/health", type: "http", method: "GET", path: "/api/health", read: true },
  { name: "GET /api/me (signed in)", type: "http", method: "GET", path: "/api/me", auth: "member" },
];
