/** Member area and admin back-office reads: own tickets, the user list, dashboard stats, email templates. */
export default [
  {
    name: "GET /api/support-messages (member)",
    type: "http",
    method: "GET",
    path: "/api/support-messages",
    auth: "member",
  },
  {
    name: "GET /api/support-messages (admin)",
    type: "http",
    method: "GET",
    path: "/api/support-messages",
    auth: "admin",
  },
  { name: "GET /api/users (admin)", type: "http", method: "GET", path: "/api/users", auth: "admin" },
  { name: "GET /api/admin/stats (admin)", type: "http", method: "GET", path: "/api/admin/stats", auth: "admin" },
  { name: "GET /api/user-emails (admin)", type: "http", method: "GET", path: "/api/user-emails", auth: "admin" },
];
