import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMMERCE_UI_TEXTS,
  MAX_PACKAGES,
  PACKAGE_MESSAGES,
  PACKAGE_POINT_KEYS,
  type TPackage,
  type TPackageInput,
  type TPackageInputParsed,
  ZPackageInputSchema,
} from "@mailsmith/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAddPackage, useEditPackage, usePackages, useRetirePackage } from "../api/packages";
import { PackageCard } from "./package-card";

const ORDINALS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];

function toForm(pkg?: TPackage): TPackageInput {
  const base: TPackageInput = {
    packageName: pkg?.packageName ?? "",
    price: pkg ? String(pkg.price) : "",
    credit: pkg ? String(pkg.credit) : "",
    validity: pkg ? String(pkg.validity) : "30",
    sellerEmail: pkg?.sellerEmail ?? "",
  };
  for (const k of PACKAGE_POINT_KEYS) base[k] = pkg?.[k] ?? "";
  return base;
}

function PackageForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: TPackage;
  submitLabel: string;
  onSubmit: (body: TPackageInputParsed) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<TPackageInput, unknown, TPackageInputParsed>({
    resolver: zodResolver(ZPackageInputSchema),
    defaultValues: toForm(initial),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <TextField
        label={COMMERCE_UI_TEXTS.packagesPanel.packageName}
        {...form.register("packageName")}
        error={errors.packageName?.message}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={COMMERCE_UI_TEXTS.packagesPanel.price}
          inputMode="decimal"
          {...form.register("price")}
          error={errors.price?.message}
        />
        <TextField
          label={COMMERCE_UI_TEXTS.packagesPanel.credit}
          inputMode="numeric"
          {...form.register("credit")}
          error={errors.credit?.message}
        />
        <TextField
          label={COMMERCE_UI_TEXTS.packagesPanel.validityDays}
          inputMode="numeric"
          {...form.register("validity")}
          error={errors.validity?.message}
        />
      </div>
      <TextField
        label={COMMERCE_UI_TEXTS.packagesPanel.sellerEmailOptional}
        type="email"
        {...form.register("sellerEmail")}
        error={errors.sellerEmail?.message}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">
          {COMMERCE_UI_TEXTS.packagesPanel.featuresOptional}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PACKAGE_POINT_KEYS.map((k, i) => (
            <TextField
              key={k}
              label={COMMERCE_UI_TEXTS.packagesPanel.point(ORDINALS[i])}
              {...form.register(k)}
              error={errors[k]?.message}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          {COMMERCE_UI_TEXTS.packagesPanel.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Admin Pricing Packages: grid of cards, Add Package (at most 3), edit modal, retire. */
export function PackagesPanel() {
  const packages = usePackages();
  const add = useAddPackage();
  const edit = useEditPackage();
  const retire = useRetirePackage();
  const [confirm, confirmDialog] = useConfirm();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TPackage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = packages.data ?? [];
  const full = list.length >= MAX_PACKAGES;

  return (
    <div className="space-y-6">
      {confirmDialog}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{COMMERCE_UI_TEXTS.packagesPanel.pricingPackages}</h2>
          <p className="text-sm text-slate-600">
            {list.length} of {MAX_PACKAGES} packages on sale
          </p>
        </div>
        <span title={full ? PACKAGE_MESSAGES.maxReached : undefined}>
          <Button
            onClick={() => setAdding(true)}
            disabled={full || packages.isPending}
            aria-describedby={full ? "max-packages" : undefined}
          >
            {COMMERCE_UI_TEXTS.packagesPanel.addPackage}
          </Button>
        </span>
      </div>
      {full && (
        <p id="max-packages" className="text-sm text-amber-700">
          {PACKAGE_MESSAGES.maxReached}
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      {packages.isPending ? (
        <div className="flex justify-center p-10 text-brand-600">
          <Spinner />
        </div>
      ) : packages.isError ? (
        <Alert>{errorMessage(packages.error, PACKAGE_MESSAGES.fetchFailed)}</Alert>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          {PACKAGE_MESSAGES.emptyAdmin}
        </p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {list.map((pkg) => (
            <PackageCard
              key={pkg._id}
              pkg={pkg}
              action={
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    className="flex-1"
                    onClick={() => setEditing(pkg)}
                    aria-label={COMMERCE_UI_TEXTS.packagesPanel.editNamed(pkg.packageName)}
                  >
                    {COMMERCE_UI_TEXTS.packagesPanel.edit}
                  </Button>
                  <Button
                    variant="dangerGhost"
                    aria-label={COMMERCE_UI_TEXTS.packagesPanel.retireNamed(pkg.packageName)}
                    loading={retire.isPending && retire.variables === pkg._id}
                    onClick={async () => {
                      if (
                        !(await confirm(PACKAGE_MESSAGES.retireConfirmNamed(pkg.packageName), {
                          confirmLabel: COMMERCE_UI_TEXTS.packagesPanel.retirePackage,
                          danger: true,
                        }))
                      )
                        return;
                      try {
                        await retire.mutateAsync(pkg._id);
                        toast.success(PACKAGE_MESSAGES.retired);
                      } catch (err) {
                        setError(errorMessage(err, PACKAGE_MESSAGES.retireFailed));
                      }
                    }}
                  >
                    {COMMERCE_UI_TEXTS.packagesPanel.retire}
                  </Button>
                </div>
              }
            />
          ))}
        </div>
      )}

      <Modal
        open={adding}
        onClose={() => setAdding(false)}
        title={COMMERCE_UI_TEXTS.packagesPanel.addPackage}
        size="lg"
      >
        <PackageForm
          submitLabel={COMMERCE_UI_TEXTS.packagesPanel.addPackage}
          onCancel={() => setAdding(false)}
          onSubmit={async (body) => {
            try {
              await add.mutateAsync(body);
              setAdding(false);
              setError(null);
              toast.success(PACKAGE_MESSAGES.added);
            } catch (err) {
              setAdding(false);
              setError(errorMessage(err, PACKAGE_MESSAGES.addFailed));
            }
          }}
        />
      </Modal>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={COMMERCE_UI_TEXTS.packagesPanel.editPackage}
        size="lg"
      >
        {editing && (
          <PackageForm
            initial={editing}
            submitLabel={COMMERCE_UI_TEXTS.packagesPanel.saveChanges}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              try {
                await edit.mutateAsync({ id: editing._id, body });
                setEditing(null);
                setError(null);
                toast.success(PACKAGE_MESSAGES.updated);
              } catch (err) {
                setEditing(null);
                setError(errorMessage(err, PACKAGE_MESSAGES.updateFailed));
              }
            }}
          />
        )}
      </Modal>
    </div>
  );
}
