import { createAuthClient } from "better-auth/react";

/** Better Auth's browser client; it talks to /api/auth on this origin (its default base path). */
export const authClient = createAuthClient();
