export * from "./constants.js";
export * from "./messages.js";
export * from "./schemas/support.js";
export * from "./schemas/user.js";
