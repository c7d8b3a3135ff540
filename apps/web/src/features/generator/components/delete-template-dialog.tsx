import { GENERATOR_MESSAGES, GENERATOR_UI, TEMPLATE_UNDO, type TTemplateItem } from "@mailsmith/shared";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { errorMessage } from "@/lib/api-client";
import { useDeleteTemplate, useRestoreTemplate } from "../api/templates";

/**
 * Asks before deleting a saved email, naming it; closes once it is gone. The success toast offers Undo for
 * TEMPLATE_UNDO.toastMs (the server keeps the template 10 minutes; decision 104).
 */
export function DeleteTemplateDialog({ template, onClose }: { template: TTemplateItem | null; onClose: () => void }) {
  const del = useDeleteTemplate();
  const restore = useRestoreTemplate();
  const undo = (id: string) =>
    restore.mutateAsync(id).then(
      (r) => toast.success(r.message),
      (err) => toast.error(errorMessage(err, TEMPLATE_UNDO.restoreFailed)),
    );
  return (
    <Modal
      open={Boolean(template)}
      onClose={onClose}
      title={GENERATOR_UI.deleteTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {GENERATOR_UI.cancel}
          </Button>
          <Button
            variant="danger"
            loading={del.isPending}
            onClick={() =>
              template &&
              del.mutate(template._id, {
                onSuccess: (r) => {
                  toast.success(r.message, {
                    duration: TEMPLATE_UNDO.toastMs,
                    action: { label: TEMPLATE_UNDO.undo, onClick: () => undo(template._id) },
                  });
                  onClose();
                },
                onError: (err) => toast.error(errorMessage(err, GENERATOR_MESSAGES.deleteFailed)),
              })
            }
          >
            {GENERATOR_UI.delete}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{GENERATOR_MESSAGES.deleteConfirm}</p>
      {template && <p className="mt-2 text-sm font-semibold break-words text-slate-900">{template.name}</p>}
    </Modal>
  );
}
