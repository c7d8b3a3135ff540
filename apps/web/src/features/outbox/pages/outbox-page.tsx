import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";
import { api, errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

interface OutboxMail {
  _id: string;
  toEmail: string;
  subject: string;
  html: string;
  text: string;
  createdAt: string;
}

/** Mail kept locally when the server has no SMTP_URL (password resets, messages to users). */
export function OutboxPage() {
  useDocumentTitle("Outbox - Mailsmith Admin");
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const q = useQuery({
    queryKey: ["outbox"],
    queryFn: () => api.get<{ mode: string; data: OutboxMail[] }>("/api/admin/outbox"),
  });
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-slate-900">Mail Outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        Without SMTP settings, outgoing mail is kept here instead of being sent. Set <code>SMTP_URL</code> to deliver
        it.
      </p>
      <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {q.isPending ? (
          <div className="flex justify-center p-8 text-brand-600">
            <Spinner />
          </div>
        ) : q.isError ? (
          <div className="p-4">
            <Alert>{errorMessage(q.error, "Failed to load the outbox")}</Alert>
          </div>
        ) : q.data.data.length === 0 ? (
          <p className="p-8 text-center text-sm text-slate-500">No mail yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-3">To</th>
                <th className="px-4 py-3">Subject</th>
                <th className="px-4 py-3">Date</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {q.data.data.map((m) => (
                <tr key={m._id}>
                  <td className="px-4 py-3">{m.toEmail}</td>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className="font-medium text-brand-700 hover:underline"
                      onClick={() => setOpen(m)}
                    >
                      {m.subject}
                    </button>
                  </td>
                  <td className="px-4 py-3 text-slate-500">{new Date(m.createdAt).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Modal open={Boolean(open)} onClose={() => setOpen(null)} title={open?.subject ?? ""} size="lg">
        {open && (
          <iframe
            title="Mail preview"
            sandbox=""
            srcDoc={open.html}
            className="h-96 w-full rounded-lg border border-slate-200"
          />
        )}
      </Modal>
    </div>
  );
}
