import { useDocumentTitle } from "@/lib/use-document-title";
import { UsersDirectory } from "../components/users-directory";

/** /admin/users (Total Users) */
export function UsersPage() {
  useDocumentTitle("Users - Mailsmith Admin");
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="sr-only">Users Management</h1>
      <UsersDirectory />
    </div>
  );
}
