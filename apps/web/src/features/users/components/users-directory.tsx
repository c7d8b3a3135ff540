import { USERS_MESSAGES, USERS_PAGE_SIZE } from "@mailsmith/shared";
import { useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DataTable, useDataTable } from "@/components/ui/data-table";
import { inputClasses } from "@/components/ui/field";
import { useMe } from "@/lib/auth";
import { useUsers } from "../api/users";
import { matchesUser, useUsersDirectory } from "../hooks/use-users-directory";
import { CreditHistoryModal } from "./credit-history-modal";
import { EmailTemplatesModal } from "./email-templates-modal";
import { MessageLogModal } from "./message-log-modal";
import { SendMessageModal } from "./send-message-modal";
import { userColumns } from "./user-columns";

/**
 * User Directory: search, sort (createdAt descending by default), 10 per page, refresh, inline edit
 * of name, role, membership and balance, delete, disable/enable, Send Message and Message Log History.
 * Row actions sit in one menu per row; delete is confirmed naming the user, disable/enable can be undone.
 * What the actions do lives in useUsersDirectory, the cells in userColumns.
 */
export function UsersDirectory({ title = USERS_MESSAGES.directoryTitle }: { title?: string }) {
  const me = useMe();
  const users = useUsers();
  const dir = useUsersDirectory();
  const [search, setSearch] = useState("");
  const searchId = useId();
  const columns = userColumns({
    myId: me.data?._id,
    editing: dir.editing,
    draft: dir.draft,
    setDraft: dir.setDraft,
    saving: dir.saving,
    onSave: (u) => void dir.save(u),
    onCancel: dir.cancelEdit,
    onEdit: dir.startEdit,
    onMessage: dir.setMessageTo,
    onLog: dir.setLogFor,
    onCredits: dir.setCreditsFor,
    onSetBanned: (u, banned) => void dir.setBanned(u, banned),
    onDelete: (u) => void dir.remove(u),
  });

  const filtered = useMemo(() => (users.data ?? []).filter((u) => matchesUser(u, search)), [users.data, search]);
  const table = useDataTable({
    rows: filtered,
    columns,
    initialSort: { key: "createdAt", dir: "desc" },
    pageSize: USERS_PAGE_SIZE,
    label: USERS_MESSAGES.userPages,
  });

  return (
    <section aria-labelledby="user-directory-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="user-directory-heading" className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">
            {users.data ? `${filtered.length} of ${users.data.length} users` : " "}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <label htmlFor={searchId} className="sr-only">
            {USERS_MESSAGES.searchLabel}
          </label>
          <div className="w-72 max-w-full">
            <input
              id={searchId}
              type="search"
              placeholder={USERS_MESSAGES.searchPlaceholder}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                table.resetPage();
              }}
              className={inputClasses()}
            />
          </div>
          <Button variant="secondary" onClick={() => void users.refetch()} loading={users.isFetching}>
            {USERS_MESSAGES.refresh}
          </Button>
          <Button variant="secondary" onClick={() => dir.setTemplatesOpen(true)}>
            {USERS_MESSAGES.templatesTitle}
          </Button>
        </div>
      </div>
      {dir.notice && <Alert tone="success">{dir.notice}</Alert>}
      {dir.error && (
        <div className="relative">
          <Alert>{dir.error}</Alert>
          <button
            type="button"
            className="absolute top-2 right-3 text-sm text-red-700"
            onClick={() => dir.setError(null)}
            aria-label={USERS_MESSAGES.dismiss}
          >
            ×
          </button>
        </div>
      )}
      {users.isError ? (
        <Alert>{USERS_MESSAGES.fetchFailed(users.error.message)}</Alert>
      ) : (
        <DataTable
          columns={columns}
          rowKey={(u) => u._id}
          caption={USERS_MESSAGES.usersCaption}
          empty={USERS_MESSAGES.noMatches}
          loading={users.isPending}
          compact
          {...table.props}
        />
      )}
      <SendMessageModal
        user={dir.messageTo}
        onClose={() => dir.setMessageTo(null)}
        onSent={(m) => {
          dir.setMessageTo(null);
          dir.setNotice(m);
        }}
      />
      <MessageLogModal user={dir.logFor} onClose={() => dir.setLogFor(null)} />
      <CreditHistoryModal user={dir.creditsFor} onClose={() => dir.setCreditsFor(null)} />
      <EmailTemplatesModal open={dir.templatesOpen} onClose={() => dir.setTemplatesOpen(false)} />
      {dir.confirmDialog}
    </section>
  );
}
