import { USERS_MESSAGES } from "@mailsmith/shared";
import { useDocumentTitle } from "@/lib/use-document-title";
import { UsersDirectory } from "../components/users-directory";

/** /admin/users (Total Users) */
export function UsersPage() {
  useDocumentTitle(USERS_MESSAGES.documentTitle);
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="sr-only">{USERS_MESSAGES.pageTitle}</h1>
      <UsersDirectory />
    </div>
  );
}
