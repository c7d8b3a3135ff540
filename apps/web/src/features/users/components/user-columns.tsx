import {
  formatBytes,
  formatCredits,
  MEMBERSHIPS,
  type Membership,
  type TUser,
  USER_ROLES,
  USERS_MESSAGES,
  type UserRole,
  VERIFY_MESSAGES,
} from "@mailsmith/shared";
import { Badge, membershipColor, roleColor } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import { inputClasses } from "@/components/ui/field";
import { RowActions } from "@/components/ui/row-actions";
import { TruncatedText } from "@/components/ui/truncated-text";
import { formatDate } from "@/lib/format-date";
import type { UserDraft } from "../hooks/use-users-directory";

/**
 * The User column takes the width the other columns leave (at least 13rem) and cuts long names and addresses to it,
 * the whole value on hover and focus (TruncatedText): the table fits a 1280 px laptop with its Actions column in view,
 * the dashboard's padded card included, and a wider screen shows more of each address.
 */
const USER_CELL = "w-full max-w-0 min-w-[13rem]";

export interface UserColumnsProps {
  /** The signed-in admin: cannot demote, disable or delete themselves (the server refuses too). */
  myId: string | undefined;
  editing: string | null;
  draft: UserDraft | null;
  setDraft: (draft: UserDraft) => void;
  saving: boolean;
  onSave: (u: TUser) => void;
  onCancel: () => void;
  onEdit: (u: TUser) => void;
  onMessage: (u: TUser) => void;
  onLog: (u: TUser) => void;
  onCredits: (u: TUser) => void;
  onSetBanned: (u: TUser, banned: boolean) => void;
  onDelete: (u: TUser) => void;
}

function Avatar({ user }: { user: TUser }) {
  if (user.profileURL) return <img src={user.profileURL} alt="" className="h-9 w-9 rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
    >
      {(user.userName || "?").charAt(0).toUpperCase()}
    </span>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  title,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      title={title}
      onChange={(e) => onChange(e.target.value as T)}
      className={inputClasses()}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

/** The User Directory's columns: each cell shows the value, or its input while the row is being edited. */
export function userColumns(p: UserColumnsProps): Column<TUser>[] {
  const draftOf = (u: TUser) => (p.editing === u._id ? p.draft : null);
  return [
    {
      key: "userName",
      header: USERS_MESSAGES.user,
      sortValue: (u) => u.userName,
      className: USER_CELL,
      render: (u) => {
        const draft = draftOf(u);
        return draft ? (
          <div className="space-y-1">
            <input
              aria-label={USERS_MESSAGES.name}
              value={draft.userName}
              onChange={(e) => p.setDraft({ ...draft, userName: e.target.value })}
              className={inputClasses()}
            />
            <TruncatedText text={u.email} className="text-xs text-slate-500" />
          </div>
        ) : (
          <div className="flex items-center gap-3">
            <Avatar user={u} />
            <div className="min-w-0">
              <TruncatedText text={u.userName} className="font-medium text-slate-900" />
              <TruncatedText text={u.email} className="text-xs text-slate-500" />
            </div>
          </div>
        );
      },
    },
    {
      key: "userRole",
      header: USERS_MESSAGES.role,
      sortValue: (u) => u.userRole,
      render: (u) => {
        const draft = draftOf(u);
        if (!draft) return <Badge color={roleColor(u.userRole)}>{u.userRole}</Badge>;
        return (
          <Choice<UserRole>
            label={USERS_MESSAGES.role}
            value={draft.userRole}
            options={USER_ROLES}
            disabled={u._id === p.myId}
            title={u._id === p.myId ? USERS_MESSAGES.cannotDemoteSelf : undefined}
            onChange={(userRole) => p.setDraft({ ...draft, userRole })}
          />
        );
      },
    },
    {
      key: "userMembership",
      header: USERS_MESSAGES.membership,
      sortValue: (u) => u.userMembership,
      render: (u) => {
        const draft = draftOf(u);
        if (!draft) return <Badge color={membershipColor(u.userMembership)}>{u.userMembership}</Badge>;
        return (
          <Choice<Membership>
            label={USERS_MESSAGES.membership}
            value={draft.userMembership}
            options={MEMBERSHIPS}
            onChange={(userMembership) => p.setDraft({ ...draft, userMembership })}
          />
        );
      },
    },
    {
      key: "currentBalance",
      header: USERS_MESSAGES.balance,
      sortValue: (u) => u.currentBalance ?? 0,
      render: (u) => {
        const draft = draftOf(u);
        return draft ? (
          <input
            aria-label={USERS_MESSAGES.balance}
            type="number"
            min={0}
            step={1}
            value={draft.currentBalance}
            onChange={(e) => p.setDraft({ ...draft, currentBalance: e.target.value })}
            className={`${inputClasses()} w-24`}
          />
        ) : (
          <span className={`font-semibold ${(u.currentBalance ?? 0) >= 0 ? "text-green-700" : "text-red-600"}`}>
            {formatCredits(u.currentBalance ?? 0)}
          </span>
        );
      },
    },
    {
      key: "createdAt",
      header: USERS_MESSAGES.joined,
      sortValue: (u) => new Date(u.createdAt),
      className: "whitespace-nowrap",
      render: (u) => formatDate(u.createdAt),
    },
    {
      key: "signupIp",
      header: USERS_MESSAGES.signedUpFrom,
      sortValue: (u) => u.signupIp ?? "",
      className: "font-mono text-xs",
      // An IPv6 address is as long as an e-mail address.
      render: (u) => <TruncatedText text={u.signupIp ?? "—"} className="max-w-[8rem]" />,
    },
    {
      key: "storage",
      header: USERS_MESSAGES.storage,
      sortValue: (u) => u.storage?.bytes ?? 0,
      className: "whitespace-nowrap",
      render: (u) => (
        <span title={USERS_MESSAGES.storageFiles(u.storage?.objects ?? 0)}>
          {formatBytes(u.storage?.bytes ?? 0)}
          <span className="block text-xs text-slate-500">{USERS_MESSAGES.storageFiles(u.storage?.objects ?? 0)}</span>
        </span>
      ),
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
        p.editing === u._id ? (
          <div className="flex gap-2">
            <Button onClick={() => p.onSave(u)} loading={p.saving} aria-label={`Save ${u.userName}`}>
              {USERS_MESSAGES.save}
            </Button>
            <Button variant="secondary" onClick={p.onCancel}>
              {USERS_MESSAGES.cancel}
            </Button>
          </div>
        ) : (
          <RowActions
            name={u.userName}
            items={[
              { label: USERS_MESSAGES.actionEdit, onSelect: () => p.onEdit(u) },
              { label: USERS_MESSAGES.actionMessage, onSelect: () => p.onMessage(u) },
              { label: USERS_MESSAGES.actionLog, onSelect: () => p.onLog(u) },
              { label: USERS_MESSAGES.actionCredits, onSelect: () => p.onCredits(u) },
              // Admins cannot disable or delete themselves (the server refuses too).
              ...(u._id === p.myId
                ? []
                : [
                    {
                      label: u.banned ? USERS_MESSAGES.actionEnable : USERS_MESSAGES.actionDisable,
                      onSelect: () => p.onSetBanned(u, !u.banned),
                    },
                    { label: `${USERS_MESSAGES.actionDelete}…`, destructive: true, onSelect: () => p.onDelete(u) },
                  ]),
            ]}
          />
        ),
    },
  ];
}
