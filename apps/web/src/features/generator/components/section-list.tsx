import { TEMPLATE_EDIT_TEXTS as T, type TEditablePart } from "@mailsmith/shared";
import { Button } from "@/components/ui/button";

/**
 * The email's top-level sections in their (new) order: move one up or down, remove it or put it back (decision 126).
 * `order` holds the kept sections; a removed one is listed after them, greyed, with "Put back".
 */
export function SectionList({
  sections,
  order,
  onReorder,
}: {
  sections: TEditablePart[];
  order: string[];
  onReorder: (order: string[]) => void;
}) {
  if (sections.length < 2) return null;
  const byId = new Map(sections.map((s) => [s.id, s]));
  const removed = sections.filter((s) => !order.includes(s.id));
  const move = (i: number, by: number) => {
    const next = [...order];
    const [id] = next.splice(i, 1);
    next.splice(i + by, 0, id!);
    onReorder(next);
  };
  const putBack = (id: string) => {
    const all = sections.map((s) => s.id);
    onReorder([...order, id].sort((a, b) => all.indexOf(a) - all.indexOf(b)));
  };
  const small = "px-2 py-1 text-xs";
  return (
    <section aria-label={T.sectionsTitle} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{T.sectionsTitle}</h3>
      <ol className="space-y-1.5">
        {order.map((id, i) => {
          const name = byId.get(id)?.name ?? id;
          return (
            <li key={id} className="flex items-center gap-2 rounded-lg bg-slate-50 px-2 py-1.5 text-sm">
              <span className="min-w-0 flex-1 truncate text-slate-800">{name}</span>
              <Button
                variant="ghost"
                className={small}
                aria-label={T.sectionUp(name)}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                className={small}
                aria-label={T.sectionDown(name)}
                disabled={i === order.length - 1}
                onClick={() => move(i, 1)}
              >
                ↓
              </Button>
              <Button
                variant="ghost"
                className={small}
                aria-label={T.sectionRemove(name)}
                disabled={order.length === 1}
                onClick={() => onReorder(order.filter((o) => o !== id))}
              >
                ✕
              </Button>
            </li>
          );
        })}
        {removed.map((s) => (
          <li key={s.id} className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-500">
            <span className="min-w-0 flex-1 truncate line-through">{s.name}</span>
            <span className="text-xs">{T.removed}</span>
            <Button
              variant="ghost"
              className={small}
              onClick={() => putBack(s.id)}
              aria-label={T.sectionRestore(s.name ?? s.id)}
            >
              ↺
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}
