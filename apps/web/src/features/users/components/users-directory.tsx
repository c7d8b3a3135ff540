import {
  MEMBERSHIPS,
  type Membership,
  type TUser,
  USER_ROLES,
  USERS_MESSAGES,
  USERS_NOTICE_MS,
  USERS_PAGE_SIZE,
  type UserRole,
  VERIFY_MESSAGES,
} from "@mailsmith/shared";
import { useEffect, useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, membershipColor, roleColor } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { Pager, pageCountOf, pageSlice } from "@/components/ui/pager";
import { type Column, SortableTable, sortRows, useSort } from "@/components/ui/sortable-table";
import { Spinner } from "@/components/ui/spinner";
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

const action = "rounded-md px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100";

const statusOf = (err: unknown) => (err instanceof ApiError ? err.message || err.status : "network error");

/**
 * User Directory: search, sort (createdAt descending by default), 10 per page, refresh, inline edit
 * of name, role, membership and balance, delete, disable/enable, Send Message and Message Log History.
 */
export function UsersDirectory({ title = "User Directory" }: { title?: string }) {
  const me = useMe();
  const users = useUsers();
  const update = useUpdateUser();
  const del = useDeleteUser();
  const ban = useSetBanned();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const { sort, toggle } = useSort({ key: "createdAt", dir: "desc" });
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
    if (!window.confirm(USERS_MESSAGES.confirmDelete)) return;
    setError(null);
    try {
      await del.mutateAsync(u._id);
      setNotice(USERS_MESSAGES.deleted);
    } catch (err) {
      setError(USERS_MESSAGES.deleteFailed(statusOf(err)));
    }
  }

  async function toggleBan(u: TUser) {
    setError(null);
    try {
      const res = await ban.mutateAsync({ id: u._id, banned: !u.banned });
      setNotice(res.message);
    } catch (err) {
      setError(USERS_MESSAGES.updateFailed(statusOf(err)));
    }
  }

  const columns: Column<TUser>[] = [
    {
      key: "userName",
      header: "User",
      sortValue: (u) => u.userName,
      render: (u) =>
        editing === u._id && draft ? (
          <div className="space-y-1">
            <input
              aria-label="Name"
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
      header: "Role",
      sortValue: (u) => u.userRole,
      render: (u) =>
        editing === u._id && draft ? (
          <select
            aria-label="Role"
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
      header: "Membership",
      sortValue: (u) => u.userMembership,
      render: (u) =>
        editing === u._id && draft ? (
          <select
            aria-label="Membership"
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
      header: "Balance",
      sortValue: (u) => u.currentBalance ?? 0,
      render: (u) =>
        editing === u._id && draft ? (
          <input
            aria-label="Balance"
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
      header: "Joined",
      sortValue: (u) => new Date(u.createdAt),
      className: "whitespace-nowrap",
      render: (u) => new Date(u.createdAt).toLocaleDateString(undefined, { dateStyle: "medium" }),
    },
    {
      key: "signupIp",
      header: "Signed up from",
      sortValue: (u) => u.signupIp ?? "",
      className: "whitespace-nowrap font-mono text-xs",
      render: (u) => u.signupIp ?? "—",
    },
    {
      key: "banned",
      header: "Status",
      sortValue: (u) => u.banned,
      render: (u) => (
        <span className="flex flex-wrap gap-1">
          {u.banned ? <Badge color="red">Disabled</Badge> : <Badge color="green">Active</Badge>}
          {u.emailVerified === false && <Badge color="amber">{VERIFY_MESSAGES.adminUnverified}</Badge>}
        </span>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      className: "whitespace-nowrap",
      render: (u) =>
        editing === u._id ? (
          <div className="flex gap-2">
            <Button onClick={() => void save(u)} loading={update.isPending} aria-label={`Save ${u.userName}`}>
              Save
            </Button>
            <Button variant="secondary" onClick={cancelEdit}>
              Cancel
            </Button>
          </div>
        ) : (
          <div className="flex max-w-[13rem] flex-wrap items-center gap-0.5">
            <button type="button" className={action} onClick={() => startEdit(u)} aria-label={`Edit ${u.userName}`}>
              Edit
            </button>
            <button
              type="button"
              className={action}
              onClick={() => setMessageTo(u)}
              aria-label={`Message ${u.userName}`}
            >
              Message
            </button>
            <button
              type="button"
              className={action}
              onClick={() => setLogFor(u)}
              aria-label={`Message log of ${u.userName}`}
            >
              Log
            </button>
            <button
              type="button"
              className={action}
              onClick={() => setCreditsFor(u)}
              aria-label={`Credit history of ${u.userName}`}
            >
              Credits
            </button>
            {u._id !== myId && (
              <>
                <button
                  type="button"
                  className={action}
                  onClick={() => void toggleBan(u)}
                  aria-label={`${u.banned ? "Enable" : "Disable"} ${u.userName}`}
                >
                  {u.banned ? "Enable" : "Disable"}
                </button>
                <button
                  type="button"
                  className={`${action} text-red-600 hover:bg-red-50`}
                  onClick={() => void remove(u)}
                  aria-label={`Delete ${u.userName}`}
                >
                  Delete
                </button>
              </>
            )}
          </div>
        ),
    },
  ];

  const filtered = useMemo(() => (users.data ?? []).filter((u) => matchesUser(u, search)), [users.data, search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: columns only change with the edit state, not the sort
  const sorted = useMemo(() => sortRows(filtered, columns, sort), [filtered, sort]);
  const pageCount = pageCountOf(sorted.length, USERS_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const rows = pageSlice(sorted, current, USERS_PAGE_SIZE);

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
            Search users
          </label>
          <div className="w-72 max-w-full">
            <input
              id={searchId}
              type="search"
              placeholder="Search name, email, role, membership, IP"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              className={inputClasses()}
            />
          </div>
          <Button variant="secondary" onClick={() => void users.refetch()} loading={users.isFetching}>
            Refresh
          </Button>
          <Button variant="secondary" onClick={() => setTemplatesOpen(true)}>
            Email Templates
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
            aria-label="Dismiss"
          >
            ×
          </button>
        </div>
      )}
      {users.isPending ? (
        <div className="flex justify-center p-10 text-brand-600">
          <Spinner />
        </div>
      ) : users.isError ? (
        <Alert>{USERS_MESSAGES.fetchFailed(users.error.message)}</Alert>
      ) : (
        <>
          <SortableTable
            columns={columns}
            rows={rows}
            rowKey={(u) => u._id}
            sort={sort}
            onSort={(key) => {
              toggle(key);
              setPage(1);
            }}
            caption="Users"
            empty="No users match your search."
          />
          <Pager
            page={current}
            pageCount={pageCount}
            onPageChange={setPage}
            total={sorted.length}
            pageSize={USERS_PAGE_SIZE}
            label="User pages"
          />
        </>
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
    </section>
  );
}
