import { zodResolver } from "@hookform/resolvers/zod";
import {
  GENERATION_JOB_LIMITS,
  GENERATION_JOB_MESSAGES,
  GENERATOR_UI,
  type TRenameTemplate,
  ZRenameTemplateSchema,
} from "@mailsmith/shared";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/api-client";
import { useRenameTemplate } from "../api/templates";

/** Rename a saved template (the name starts as the design's main heading). */
export function RenameDialog({
  template,
  onClose,
}: {
  template: { _id: string; name: string } | null;
  onClose: () => void;
}) {
  const rename = useRenameTemplate();
  const form = useForm<TRenameTemplate>({
    resolver: zodResolver(ZRenameTemplateSchema),
    defaultValues: { name: template?.name ?? "" },
  });
  useEffect(() => {
    if (template) form.reset({ name: template.name });
  }, [template, form]);
  const submit = form.handleSubmit((values) =>
    rename.mutate(
      { id: template!._id, ...values },
      {
        onSuccess: (r) => {
          toast.success(r.message ?? GENERATION_JOB_MESSAGES.renamed);
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err, GENERATOR_UI.renameFailed)),
      },
    ),
  );
  return (
    <Modal open={Boolean(template)} onClose={onClose} title={GENERATOR_UI.renameTitle} size="sm">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={GENERATOR_UI.nameLabel}
          maxLength={GENERATION_JOB_LIMITS.maxNameLength}
          autoFocus
          error={form.formState.errors.name?.message}
          {...form.register("name")}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {GENERATOR_UI.cancel}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {GENERATOR_UI.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
