import { FRESH_SIGN_IN_MINUTES, MEMBER_DATA_UI_TEXTS as T, type TDataExport } from "@mailsmith/shared";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useSignOut } from "@/lib/auth";
import { formatDate } from "@/lib/format-date";
import { deleteMyAccount, useDataExport, useStartDataExport } from "../api/member-data";

const card = "rounded-2xl border bg-white p-6 shadow-sm";
const plainCard = `${card} border-slate-200`;

function ExportState({ data }: { data: TDataExport | null | undefined }) {
  if (!data) return null;
  if (data.status === "queued" || data.status === "running") {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="h-4 w-4" />
        {data.status === "queued" ? T.queued : T.preparing}
      </p>
    );
  }
  if (data.status === "ready" && data.url) {
    const until = formatDate(data.expiresAt, { time: true });
    return (
      <div role="status" className="space-y-3 text-sm text-slate-700">
        <p>{T.ready(until)}</p>
        <a href={data.url} download className={buttonClasses("secondary")}>
          {T.downloadZip}
        </a>
      </div>
    );
  }
  return (
    <Alert tone={data.status === "failed" ? "error" : "info"}>{data.status === "failed" ? T.failed : T.expired}</Alert>
  );
}

/** "Your data": prepares the zip of the member's data and offers its link while it works. */
export function DownloadMyData() {
  const current = useDataExport();
  const start = useStartDataExport();
  const data = current.data?.export;
  const busy = data?.status === "queued" || data?.status === "running";
  return (
    <section aria-labelledby="your-data" className={plainCard}>
      <h2 id="your-data" className="text-lg font-semibold text-slate-900">
        {T.dataHeading}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{T.dataIntro}</p>
      <div className="space-y-4">
        <ExportState data={data} />
        {start.isError && <Alert>{errorMessage(start.error, T.failed)}</Alert>}
        {!busy && (
          <Button variant={data ? "secondary" : "primary"} loading={start.isPending} onClick={() => start.mutate()}>
            {data?.status === "ready" ? T.prepareAgain : T.downloadData}
          </Button>
        )}
      </div>
    </section>
  );
}

/** "Danger zone": deletes the account after a confirmation that names what goes and asks for the password. */
export function DeleteMyAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const close = () => {
    setOpen(false);
    setPassword("");
    setError(null);
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      await deleteMyAccount(password);
    } catch (err) {
      setError(errorMessage(err, T.deleteFailed));
      setPending(false);
      return;
    }
    // Leave the signed-in page first: forgetting the session while it is still shown made its guard send the member to
    // /login, racing this navigation (seen once in CI). Then forget the session here (the sign-out call may answer 401).
    await navigate("/", { replace: true });
    await signOut().catch(() => {});
  }
  return (
    <section aria-labelledby="danger-zone" className={`${card} border-red-200`}>
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        {T.dangerHeading}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{T.dangerIntro}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {T.deleteAccount}
      </Button>
      <Modal open={open} onClose={close} title={T.dialogTitle} size="md">
        <form id="delete-account-form" onSubmit={submit} className="space-y-4 text-sm text-slate-700">
          <ul className="list-disc space-y-1 pl-5">
            <li>{T.whatGoes}</li>
            <li>{T.whatStays}</li>
            <li>{T.noBonusAgain}</li>
          </ul>
          <PasswordField
            label={T.passwordLabel}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={T.googleNote(FRESH_SIGN_IN_MINUTES)}
          />
          {error && <Alert>{error}</Alert>}
          <div className="flex justify-end gap-3 pt-2">
            <Button variant="secondary" onClick={close}>
              {T.cancel}
            </Button>
            <Button type="submit" variant="danger" loading={pending}>
              {pending ? T.deleting : T.confirmDelete}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
