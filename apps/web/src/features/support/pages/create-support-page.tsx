import { zodResolver } from "@hookform/resolvers/zod";
import { SUPPORT_MESSAGES, SUPPORT_UI_MESSAGES, type TTicketForm, ZTicketFormSchema } from "@mailsmith/shared";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Badge, roleColor } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useMe } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCreateTicket } from "../api/tickets";

/** /user/create-support: name, photo and role badge; Subject and Message required; Submit Ticket → /user/support. */
export function CreateSupportPage() {
  useDocumentTitle(SUPPORT_UI_MESSAGES.createDocumentTitle);
  const me = useMe();
  const create = useCreateTicket();
  const navigate = useNavigate();
  const form = useForm<TTicketForm>({
    resolver: zodResolver(ZTicketFormSchema),
    defaultValues: { subject: "", message: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(SUPPORT_MESSAGES.ticketCreated);
      navigate(paths.user.support);
    } catch {
      toast.error(SUPPORT_MESSAGES.ticketFailed);
    }
  });

  if (me.isPending)
    return (
      <div className="flex justify-center p-10 text-brand-600">
        <Spinner />
      </div>
    );
  if (!me.data) return <Alert>{SUPPORT_MESSAGES.userDataError}</Alert>;
  const user = me.data;
  const e = form.formState.errors;
  return (
    <div className="mx-auto max-w-2xl">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{SUPPORT_UI_MESSAGES.createTitle}</h1>
        <Link to={paths.user.support} className="text-sm font-medium text-brand-700 hover:underline">
          {SUPPORT_UI_MESSAGES.myTickets}
        </Link>
      </div>
      <form onSubmit={onSubmit} noValidate className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="mb-6 flex items-center gap-4">
          {user.profileURL ? (
            <img src={user.profileURL} alt="" className="h-14 w-14 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700"
            >
              {(user.userName || "?").charAt(0).toUpperCase()}
            </span>
          )}
          <div>
            <p className="font-semibold text-slate-900">{user.userName}</p>
            <Badge color={roleColor(user.userRole)}>
              {user.userRole === "Admin" ? "Admin" : user.userRole || "Member"}
            </Badge>
          </div>
        </div>
        <div className="space-y-4">
          <TextField
            label={SUPPORT_UI_MESSAGES.subject}
            required
            error={e.subject?.message}
            {...form.register("subject")}
          />
          <TextAreaField
            label={SUPPORT_UI_MESSAGES.message}
            rows={6}
            required
            error={e.message?.message}
            {...form.register("message")}
          />
        </div>
        <div className="mt-6 flex justify-end">
          <Button type="submit" loading={create.isPending}>
            {SUPPORT_UI_MESSAGES.submit}
          </Button>
        </div>
      </form>
    </div>
  );
}
