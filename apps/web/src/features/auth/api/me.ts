// The auth state lives in lib/ (layouts and guards use it too); the auth feature re-exports it.
export { takeSignOutReason, useAuth, useMe, usePublicConfig, useSignOut } from "@/lib/auth";
