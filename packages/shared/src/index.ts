export * from "./constants.js";
export * from "./messages.js";
export * from "./schemas/admin-stats.js";
export * from "./schemas/admin-users.js";
export * from "./schemas/messaging.js";
export * from "./schemas/profile.js";
export * from "./schemas/support.js";
export * from "./schemas/user.js";
