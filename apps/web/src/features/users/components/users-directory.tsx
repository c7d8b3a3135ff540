import {
  MEMBERSHIPS,
  type Membership,
  TABLE_TEXTS,
  type TUser,
  USER_ROLES,
  USERS_MESSAGES,
  USERS_NOTICE_MS,
  USERS_PAGE_SIZE,
  type UserRole,
  VERIFY_MESSAGES,
} from "@mailsmith/shared";
import { useEffect, useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge, membershipColor, roleColor } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { type Column, DataTable, useDataTable } from "@/components/ui/data-table";
import { inputClasses } from "@/components/ui/field";
import { RowActions } from "@/components/ui/row-actions";
import { ApiError } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useDeleteUser, useSetBanned, useUpdateUser, useUsers } from "../api/users";
import { CreditHistoryModal } from "./credit-history-modal";
import { EmailTemplatesModal } from "./email-templates-modal";
import { MessageLogModal } from "./message-log-modal";
import { SendMessageModal } from "./send-message-modal";

type Draft = { userName: string; userRole: UserRole; userMembership: Membership; currentBalance: string };

/**
 * Case-insensitive search over name, email, role, membership and sign-up address; "unverified" finds accounts
 * whose e-mail is not confirmed (a burst of sign-ups shows as many unverified rows from one address).
 */
export function matchesUser(u: TUser, term: string) {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  if (t === VERIFY_MESSAGES.adminUnverified.toLowerCase()) return u.emailVerified === false;
  return [u.userName, u.email, u.userRole, u.userMembership, u.signupIp].some((v) =>
    (v ?? "").toLowerCase().includes(t),
  );
}

const statusOf = (err: unknown) => (err instanceof ApiError ? err.message || err.status : "network error");

/**
 * User Directory: search, sort (createdAt descending by default), 10 per page, refresh, inline edit
 * of name, role, membership and balance, delete, disable/enable, Send Message and Message Log History.
 * Row actions sit in one menu per row; delete is confirmed naming the user, disable/enable can be undone.
 */
export function UsersDirectory({ title = USERS_MESSAGES.directoryTitle }: { title?: string }) {
  const me = useMe();
  const users = useUsers();
  const update = useUpdateUser();
  const del = useDeleteUser();
  const ban = useSetBanned();
  const [search, setSearch] = useState("");
  const [confirm, confirmDialog] = useConfirm();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [messageTo, setMessageTo] = useState<TUser | null>(null);
  const [logFor, setLogFor] = useState<TUser | null>(null);
  const [creditsFor, setCreditsFor] = useState<TUser | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const searchId = useId();

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), USERS_NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);

  const myId = me.data?._id;
  const startEdit = (u: TUser) => {
    setEditing(u._id);
    setDraft({
      userName: u.userName,
      userRole: u.userRole,
      userMembership: u.userMembership,
      currentBalance: String(u.currentBalance ?? 0),
    });
  };
  const cancelEdit = () => {
    setEditing(null);
    setDraft(null);
  };

  async function save(u: TUser) {
    if (!draft) return;
    setError(null);
    try {
      await update.mutateAsync({
        id: u._id,
        body: {
          userName: draft.userName,
          userRole: draft.userRole,
          userMembership: draft.userMembership,
          currentBalance: Number(draft.currentBalance || 0),
        },
      });
      cancelEdit();
      setNotice(USERS_MESSAGES.updated);
    } catch (err) {
      setError(USERS_MESSAGES.updateFailed(statusOf(err)));
    }
  }

  async function remove(u: TUser) {
    const ok = await confirm(`${USERS_MESSAGES.confirmDelete} ${USERS_MESSAGES.deleteEffect(u.userName, u.email)}`, {
      title: USERS_MESSAGES.deleteTitle(u.userName),
      confirmLabel: USERS_MESSAGES.actionDelete,
      danger: true,
    });
    if (!ok) return;
    setError(null);
    try {
      await del.mutateAsync(u._id);
      setNotice(USERS_MESSAGES.deleted);
    } catch (err) {
      setError(USERS_MESSAGES.deleteFailed(statusOf(err)));
    }
  }

  /** Disable or enable sign-in; the toast offers the reverse call as Undo (cheap: one request, nothing lost). */
  async function setBanned(u: TUser, banned: boolean, undoable = true) {
    setError(null);
    try {
      const res = await ban.mutateAsync({ id: u._id, banned });
      toast.success(
        res.message,
        undoable
          ? { action: { label: TABLE_TEXTS.undo, onClick: () => void setBanned(u, !banned, false) } }
          : undefined,
      );
    } catch (err) {
      setError(USERS_MESSAGES.updateFailed(statusOf(err)));
    }
  }

  const columns: Column<TUser>[] = [
    {
      key: "userName",
      header: USERS_MESSAGES.user,
      sortValue: (u) => u.userName,
      render: (u) =>
        editing === u._id && draft ? (
          <div className="space-y-1">
            <input
              aria-label={USERS_MESSAGES.name}
              value={draft.userName}
              onChange={(e) => setDraft({ ...draft, userName: e.target.value })}
              className={inputClasses()}
            />
            <p className="text-xs text-slate-500">{u.email}</p>
          </div>
        ) : (
          <div className="flex items-center gap-3">
            {u.profileURL ? (
              <img src={u.profileURL} alt="" className="h-9 w-9 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
              >
                {(u.userName || "?").charAt(0).toUpperCase()}
              </span>
            )}
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{u.userName}</p>
              <p className="truncate text-xs text-slate-500">{u.email}</p>
            </div>
          </div>
        ),
    },
    {
      key: "userRole",
      header: USERS_MESSAGES.role,
      sortValue: (u) => u.userRole,
      render: (u) =>
        editing === u._id && draft ? (
          <select
            aria-label={USERS_MESSAGES.role}
            value={draft.userRole}
            disabled={u._id === myId}
            title={u._id === myId ? USERS_MESSAGES.cannotDemoteSelf : undefined}
            onChange={(e) => setDraft({ ...draft, userRole: e.target.value as UserRole })}
            className={inputClasses()}
          >
            {USER_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        ) : (
          <Badge color={roleColor(u.userRole)}>{u.userRole}</Badge>
        ),
    },
    {
      key: "userMembership",
      header: USERS_MESSAGES.membership,
      sortValue: (u) => u.userMembership,
      render: (u) =>
        editing === u._id && draft ? (
          <select
            aria-label={USERS_MESSAGES.membership}
            value={draft.userMembership}
            onChange={(e) => setDraft({ ...draft, userMembership: e.target.value as Membership })}
            className={inputClasses()}
          >
            {MEMBERSHIPS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        ) : (
          <Badge color={membershipColor(u.userMembership)}>{u.userMembership}</Badge>
        ),
    },
    {
      key: "currentBalance",
      header: USERS_MESSAGES.balance,
      sortValue: (u) => u.currentBalance ?? 0,
      render: (u) =>
        editing === u._id && draft ? (
          <input
            aria-label={USERS_MESSAGES.balance}
            type="number"
            min={0}
            step={1}
            value={draft.currentBalance}
            onChange={(e) => setDraft({ ...draft, currentBalance: e.target.value })}
            className={`${inputClasses()} w-24`}
          />
        ) : (
          <span className={`font-semibold ${(u.currentBalance ?? 0) >= 0 ? "text-green-700" : "text-red-600"}`}>
            {u.currentBalance ?? 0}
          </span>
        ),
    },
    {
      key: "createdAt",
      header: USERS_MESSAGES.joined,
      sortValue: (u) => new Date(u.createdAt),
      className: "whitespace-nowrap",
      render: (u) => new Date(u.createdAt).toLocaleDateString(undefined, { dateStyle: "medium" }),
    },
    {
      key: "signupIp",
      header: USERS_MESSAGES.signedUpFrom,
      sortValue: (u) => u.signupIp ?? "",
      className: "whitespace-nowrap font-mono text-xs",
      render: (u) => u.signupIp ?? "—",
    },
    {
      key: "banned",
      header: USERS_MESSAGES.status,
      sortValue: (u) => u.banned,
      render: (u) => (
        <span className="flex flex-wrap gap-1">
          {u.banned ? (
            <Badge color="red">{USERS_MESSAGES.statusDisabled}</Badge>
          ) : (
            <Badge color="green">{USERS_MESSAGES.statusActive}</Badge>
          )}
          {u.emailVerified === false && <Badge color="amber">{VERIFY_MESSAGES.adminUnverified}</Badge>}
        </span>
      ),
    },
    {
      key: "actions",
      header: USERS_MESSAGES.actions,
      className: "whitespace-nowrap",
      render: (u) =>
        editing === u._id ? (
          <div className="flex gap-2">
            <Button onClick={() => void save(u)} loading={update.isPending} aria-label={`Save ${u.userName}`}>
              {USERS_MESSAGES.save}
            </Button>
            <Button variant="secondary" onClick={cancelEdit}>
              {USERS_MESSAGES.cancel}
            </Button>
          </div>
        ) : (
          <RowActions
            name={u.userName}
            items={[
              { label: USERS_MESSAGES.actionEdit, onSelect: () => startEdit(u) },
              { label: USERS_MESSAGES.actionMessage, onSelect: () => setMessageTo(u) },
              { label: USERS_MESSAGES.actionLog, onSelect: () => setLogFor(u) },
              { label: USERS_MESSAGES.actionCredits, onSelect: () => setCreditsFor(u) },
              // Admins cannot disable or delete themselves (the server refuses too).
              ...(u._id === myId
                ? []
                : [
                    {
                      label: u.banned ? USERS_MESSAGES.actionEnable : USERS_MESSAGES.actionDisable,
                      onSelect: () => void setBanned(u, !u.banned),
                    },
                    { label: `${USERS_MESSAGES.actionDelete}…`, destructive: true, onSelect: () => void remove(u) },
                  ]),
            ]}
          />
        ),
    },
  ];

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
          <Button variant="secondary" onClick={() => setTemplatesOpen(true)}>
            {USERS_MESSAGES.templatesTitle}
          </Button>
        </div>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && (
        <div className="relative">
          <Alert>{error}</Alert>
          <button
            type="button"
            className="absolute top-2 right-3 text-sm text-red-700"
            onClick={() => setError(null)}
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
          {...table.props}
        />
      )}
      <SendMessageModal
        user={messageTo}
        onClose={() => setMessageTo(null)}
        onSent={(m) => {
          setMessageTo(null);
          setNotice(m);
        }}
      />
      <MessageLogModal user={logFor} onClose={() => setLogFor(null)} />
      <CreditHistoryModal user={creditsFor} onClose={() => setCreditsFor(null)} />
      <EmailTemplatesModal open={templatesOpen} onClose={() => setTemplatesOpen(false)} />
      {confirmDialog}
    </section>
  );
}
