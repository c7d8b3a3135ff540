import {
  type Membership,
  TABLE_TEXTS,
  type TUser,
  USERS_MESSAGES,
  USERS_NOTICE_MS,
  type UserRole,
  VERIFY_MESSAGES,
} from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { ApiError } from "@/lib/api-client";
import { useDeleteUser, useSetBanned, useUpdateUser } from "../api/users";

export type UserDraft = { userName: string; userRole: UserRole; userMembership: Membership; currentBalance: string };

/**
 * What Save sends: the balance only when the admin changed it. A balance below zero (a PayPal refund or reversal of
 * spent credits, decision 097) cannot be typed, but must not stop the admin from saving the member's other fields.
 */
export function updateBodyFor(u: Pick<TUser, "currentBalance">, draft: UserDraft) {
  const balance = Number(draft.currentBalance || 0);
  return {
    userName: draft.userName,
    userRole: draft.userRole,
    userMembership: draft.userMembership,
    ...(balance !== (u.currentBalance ?? 0) ? { currentBalance: balance } : {}),
  };
}

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

/** The directory's notice (clears itself after USERS_NOTICE_MS) and its error (stays until dismissed). */
function useFeedback() {
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), USERS_NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);
  return { notice, setNotice, error, setError };
}

/** Inline edit of one row at a time: the row being edited and its draft. */
function useRowEdit() {
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<UserDraft | null>(null);
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
  return { editing, draft, setDraft, startEdit, cancelEdit };
}

/** Which of the directory's dialogs is open, and for whom. */
function useDialogs() {
  const [messageTo, setMessageTo] = useState<TUser | null>(null);
  const [logFor, setLogFor] = useState<TUser | null>(null);
  const [creditsFor, setCreditsFor] = useState<TUser | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  return { messageTo, setMessageTo, logFor, setLogFor, creditsFor, setCreditsFor, templatesOpen, setTemplatesOpen };
}

/**
 * What the User Directory does to a user: save an inline edit, delete (confirmed, naming the user), disable or enable
 * sign-in (undoable from the toast); with the notice/error they leave and the dialogs the row menu opens.
 */
export function useUsersDirectory() {
  const update = useUpdateUser();
  const del = useDeleteUser();
  const ban = useSetBanned();
  const [confirm, confirmDialog] = useConfirm();
  const feedback = useFeedback();
  const edit = useRowEdit();
  const dialogs = useDialogs();
  const { setNotice, setError } = feedback;

  async function save(u: TUser) {
    const { draft } = edit;
    if (!draft) return;
    setError(null);
    try {
      await update.mutateAsync({ id: u._id, body: updateBodyFor(u, draft) });
      edit.cancelEdit();
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

  return { ...feedback, ...edit, ...dialogs, saving: update.isPending, save, remove, setBanned, confirmDialog };
}
