import { zodResolver } from "@hookform/resolvers/zod";
import {
  ADMIN_TABLE_PAGE_SIZE,
  COMMERCE_UI_TEXTS,
  formatPrice,
  ITEM_MESSAGES,
  type TItem,
  type TItemInput,
  truncateName,
  ZItemInputSchema,
} from "@mailsmith/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { type Column, DataTable, useDataTable } from "@/components/ui/data-table";
import { TextAreaField, TextField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { RowActions } from "@/components/ui/row-actions";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminItems, useRetireItem, useSaveItem } from "../api/items";

type Parsed = z.output<typeof ZItemInputSchema>;

function ItemForm({ initial, onDone }: { initial: TItem | null; onDone: () => void }) {
  const save = useSaveItem();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TItemInput, unknown, Parsed>({
    resolver: zodResolver(ZItemInputSchema),
    defaultValues: {
      itemName: initial?.itemName ?? "",
      itemId: initial?.itemId ?? "",
      slug: initial?.slug ?? "",
      price: initial ? String(initial.price) : "",
      description: initial?.description ?? "",
      guidelines: initial?.guidelines ?? "",
      accessUrl: initial?.accessUrl ?? "",
      imageUrl: initial?.imageUrl ?? "",
      validity: initial ? String(initial.validity) : "30",
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(async (body) => {
        try {
          const res = await save.mutateAsync({ id: initial?._id ?? null, body });
          toast.success(res.message);
          onDone();
        } catch (err) {
          setError(errorMessage(err, ITEM_MESSAGES.saveFailed));
        }
      })}
    >
      {error && <Alert>{error}</Alert>}
      <TextField
        label={COMMERCE_UI_TEXTS.adminItemsPage.itemName}
        {...form.register("itemName")}
        error={errors.itemName?.message}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={COMMERCE_UI_TEXTS.adminItemsPage.price}
          inputMode="decimal"
          {...form.register("price")}
          error={errors.price?.message}
        />
        <TextField
          label={COMMERCE_UI_TEXTS.adminItemsPage.itemId}
          hint={COMMERCE_UI_TEXTS.adminItemsPage.blankGenerated}
          {...form.register("itemId")}
          error={errors.itemId?.message}
        />
        <TextField
          label={COMMERCE_UI_TEXTS.adminItemsPage.validityDays}
          inputMode="numeric"
          {...form.register("validity")}
          error={errors.validity?.message}
        />
      </div>
      <TextField
        label={COMMERCE_UI_TEXTS.adminItemsPage.slug}
        hint={COMMERCE_UI_TEXTS.adminItemsPage.blankMadeFromTheName}
        {...form.register("slug")}
        error={errors.slug?.message}
      />
      <TextField
        label={COMMERCE_UI_TEXTS.adminItemsPage.imageUrl}
        {...form.register("imageUrl")}
        error={errors.imageUrl?.message}
      />
      <TextField
        label={COMMERCE_UI_TEXTS.adminItemsPage.accessUrl}
        hint={COMMERCE_UI_TEXTS.adminItemsPage.shownToTheBuyerOnce}
        {...form.register("accessUrl")}
        error={errors.accessUrl?.message}
      />
      <TextAreaField
        label={COMMERCE_UI_TEXTS.adminItemsPage.description}
        rows={3}
        {...form.register("description")}
        error={errors.description?.message}
      />
      <TextAreaField
        label={COMMERCE_UI_TEXTS.adminItemsPage.guidelines}
        hint={COMMERCE_UI_TEXTS.adminItemsPage.shownToTheBuyerOnce}
        rows={3}
        {...form.register("guidelines")}
        error={errors.guidelines?.message}
      />
      <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onDone}>
          {COMMERCE_UI_TEXTS.adminItemsPage.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {initial ? COMMERCE_UI_TEXTS.adminItemsPage.saveChanges : COMMERCE_UI_TEXTS.adminItemsPage.addItem}
        </Button>
      </div>
    </form>
  );
}

/** /admin/items: where premium items come from (the spec is silent; decision 043). */
export function AdminItemsPage() {
  useDocumentTitle(COMMERCE_UI_TEXTS.adminItemsPage.premiumItemsMailsmithAdmin);
  const items = useAdminItems();
  const retire = useRetireItem();
  const [confirm, confirmDialog] = useConfirm();
  const [editing, setEditing] = useState<TItem | null | "new">(null);
  // Retiring takes the item off sale; the confirmation names it.
  const retireItem = async (r: TItem) => {
    const ok = await confirm(ITEM_MESSAGES.retireConfirmNamed(r.itemName), {
      confirmLabel: COMMERCE_UI_TEXTS.adminItemsPage.retireItem,
      danger: true,
    });
    if (!ok) return;
    try {
      await retire.mutateAsync(r._id);
      toast.success(ITEM_MESSAGES.retired);
    } catch (err) {
      toast.error(errorMessage(err, ITEM_MESSAGES.retireFailed));
    }
  };
  const columns: Column<TItem>[] = [
    {
      key: "name",
      header: COMMERCE_UI_TEXTS.adminItemsPage.item,
      sortValue: (r) => r.itemName,
      render: (r) => (
        <Link
          to={paths.premiumItem(r.slug, r.itemId)}
          className="font-medium text-brand-700 hover:underline"
          title={r.itemName}
        >
          {truncateName(r.itemName)}
        </Link>
      ),
    },
    {
      key: "itemId",
      header: COMMERCE_UI_TEXTS.adminItemsPage.itemId,
      sortValue: (r) => r.itemId,
      render: (r) => r.itemId,
    },
    {
      key: "price",
      header: COMMERCE_UI_TEXTS.adminItemsPage.price2,
      sortValue: (r) => r.price,
      render: (r) => formatPrice(r.price),
    },
    {
      key: "status",
      header: COMMERCE_UI_TEXTS.adminItemsPage.status,
      sortValue: (r) => r.retired,
      render: (r) =>
        r.retired ? (
          <Badge color="grey">{COMMERCE_UI_TEXTS.adminItemsPage.retired}</Badge>
        ) : (
          <Badge color="green">{COMMERCE_UI_TEXTS.adminItemsPage.onSale}</Badge>
        ),
    },
    {
      key: "actions",
      header: COMMERCE_UI_TEXTS.adminItemsPage.actions,
      render: (r) => (
        <RowActions
          name={r.itemName}
          items={[
            { label: COMMERCE_UI_TEXTS.adminItemsPage.editItem, onSelect: () => setEditing(r) },
            ...(r.retired
              ? []
              : [
                  {
                    label: COMMERCE_UI_TEXTS.adminItemsPage.retireItem,
                    destructive: true,
                    onSelect: () => void retireItem(r),
                  },
                ]),
          ]}
        />
      ),
    },
  ];
  const table = useDataTable({
    rows: items.data ?? [],
    columns,
    initialSort: { key: "name", dir: "asc" },
    pageSize: ADMIN_TABLE_PAGE_SIZE,
    label: COMMERCE_UI_TEXTS.adminItemsPage.itemPages,
  });
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {confirmDialog}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{COMMERCE_UI_TEXTS.adminItemsPage.premiumItems}</h1>
        <Button onClick={() => setEditing("new")}>{COMMERCE_UI_TEXTS.adminItemsPage.addItem}</Button>
      </div>
      {items.isError ? (
        <Alert>{errorMessage(items.error, ITEM_MESSAGES.listFailed)}</Alert>
      ) : (
        <DataTable
          columns={columns}
          {...table.props}
          rowKey={(r) => r._id}
          loading={items.isPending}
          empty={ITEM_MESSAGES.empty}
          caption={COMMERCE_UI_TEXTS.adminItemsPage.premiumItems2}
        />
      )}
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === "new" ? COMMERCE_UI_TEXTS.adminItemsPage.addItem : COMMERCE_UI_TEXTS.adminItemsPage.editItem2
        }
        size="lg"
      >
        {editing !== null && <ItemForm initial={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </div>
  );
}
