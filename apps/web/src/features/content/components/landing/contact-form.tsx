import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTENT_PUBLIC_UI_TEXTS,
  CONTENT_TEXTS,
  SUPPORT_MESSAGES,
  type TContactForm,
  ZContactFormSchema,
} from "@mailsmith/shared";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { useSendContactMessage } from "../../api/contact-page";

const empty: TContactForm = { ticketUserName: "", ticketUserEmail: "", subject: "", phone: "", message: "" };

/** Name, email, subject, phone and message, all required (spec hints); creates an open support ticket. */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<TContactForm>({ resolver: zodResolver(ZContactFormSchema), defaultValues: empty });
  const { errors } = form.formState;
  const sending = send.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(SUPPORT_MESSAGES.contactSent);
      form.reset(empty);
    } catch {
      toast.error(SUPPORT_MESSAGES.contactFailed);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label={CONTENT_PUBLIC_UI_TEXTS.contactForm.contactForm}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={CONTENT_PUBLIC_UI_TEXTS.contactForm.name}
          autoComplete="name"
          placeholder={CONTENT_PUBLIC_UI_TEXTS.contactForm.yourName}
          error={errors.ticketUserName?.message}
          {...form.register("ticketUserName")}
        />
        <TextField
          label={CONTENT_PUBLIC_UI_TEXTS.contactForm.email}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.ticketUserEmail?.message}
          {...form.register("ticketUserEmail")}
        />
        <TextField
          label={CONTENT_PUBLIC_UI_TEXTS.contactForm.subject}
          placeholder={CONTENT_PUBLIC_UI_TEXTS.contactForm.howCanWeHelp}
          error={errors.subject?.message}
          {...form.register("subject")}
        />
        <TextField
          label={CONTENT_PUBLIC_UI_TEXTS.contactForm.phone}
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 0100"
          error={errors.phone?.message}
          {...form.register("phone")}
        />
      </div>
      <TextAreaField
        label={CONTENT_PUBLIC_UI_TEXTS.contactForm.message}
        rows={5}
        placeholder={CONTENT_PUBLIC_UI_TEXTS.contactForm.tellUsALittleAbout}
        error={errors.message?.message}
        {...form.register("message")}
      />
      <Button type="submit" disabled={sending} className="w-full sm:w-auto sm:px-8">
        {sending ? CONTENT_TEXTS.contact.sending : CONTENT_TEXTS.contact.send}
      </Button>
    </form>
  );
}
