import { BRAND_PALETTE_ROLES, BRAND_KIT_UI_TEXTS as T, type TBrandKit } from "@mailsmith/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useBrandKits, useDeleteBrandKit } from "../api/brand-kits";
import { BrandKitForm } from "../components/brand-kit-form";

/** /user/brand-kits: the member's brand kits — create from a design, edit, delete (decision 113). */
export function BrandKitsPage() {
  const kits = useBrandKits();
  const remove = useDeleteBrandKit();
  const [editing, setEditing] = useState<TBrandKit | "new" | null>(null);
  const [confirm, confirmDialog] = useConfirm();

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{T.title}</h1>
        <p className="text-sm text-slate-600">{T.intro}</p>
      </div>
      {editing ? (
        <BrandKitForm
          key={editing === "new" ? "new" : editing.id}
          kit={editing === "new" ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button onClick={() => setEditing("new")}>{T.newKit}</Button>
      )}
      {kits.data?.length === 0 && <p className="text-sm text-slate-600">{T.empty}</p>}
      <ul className="space-y-3">
        {kits.data?.map((kit) => (
          <li key={kit.id} className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-3">
            {kit.logoUrl && (
              <img src={kit.logoUrl} alt={T.logoAlt(kit.name)} className="h-10 w-auto max-w-[6rem] object-contain" />
            )}
            <div className="min-w-0 flex-1 basis-48 space-y-1">
              <div className="flex flex-wrap items-center gap-3">
                <span className="font-medium">{kit.name}</span>
                <span className="flex gap-1" aria-hidden="true">
                  {BRAND_PALETTE_ROLES.map((role) => (
                    <span
                      key={role}
                      className="inline-block h-5 w-5 rounded border border-slate-300"
                      style={{ background: kit.palette[role] }}
                    />
                  ))}
                </span>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-600">
                <dt className="font-medium text-slate-700">{T.listAddress}</dt>
                <dd className="min-w-0 whitespace-pre-line break-words">{kit.footer.address || T.noAddress}</dd>
                {kit.footer.social.length > 0 && (
                  <>
                    <dt className="font-medium text-slate-700">{T.listSocial}</dt>
                    <dd className="flex min-w-0 flex-wrap gap-x-3">
                      {kit.footer.social.map((s) => (
                        <a
                          key={`${s.label}-${s.url}`}
                          href={s.url}
                          target="_blank"
                          rel="noreferrer noopener"
                          className="break-all text-blue-700 underline"
                        >
                          {s.label}
                        </a>
                      ))}
                    </dd>
                  </>
                )}
              </dl>
            </div>
            <span className="flex gap-2">
              <Button variant="secondary" onClick={() => setEditing(kit)}>
                {T.edit}
              </Button>
              <Button
                variant="secondary"
                onClick={async () => {
                  if (await confirm(T.confirmDelete(kit.name), { danger: true })) remove.mutate(kit.id);
                }}
              >
                {T.delete}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {confirmDialog}
    </div>
  );
}
