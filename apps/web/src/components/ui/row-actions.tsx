import { TABLE_TEXTS } from "@mailsmith/shared";
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";

export interface RowAction {
  /** What the action does, named by its effect ("Disable sign-in", "Delete user"). */
  label: string;
  onSelect: () => void;
  /** Destructive actions are red. */
  destructive?: boolean;
  disabled?: boolean;
}

/** Index of the next enabled item from `from` in direction `step` (wraps; -1 when none is enabled). */
export function nextEnabled(items: readonly { disabled?: boolean }[], from: number, step: 1 | -1): number {
  const n = items.length;
  for (let i = 1; i <= n; i++) {
    const at = (((from + step * i) % n) + n) % n;
    if (!items[at]?.disabled) return at;
  }
  return -1;
}

/**
 * "⋯ Actions" button opening a menu of a row's actions (one button per row instead of a stack).
 * Keyboard: Enter/Space/ArrowDown open on the first item, ArrowUp on the last; arrows, Home and End move;
 * Escape closes and returns focus to the button; Tab closes. The menu is fixed-positioned so the table's
 * scroll box does not clip it; it follows its button when the page scrolls.
 */
export function RowActions({ name, items }: { name: string; items: readonly RowAction[] }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };

  // Below the button, right-aligned with it; above it when the menu would leave the window. Called again when
  // anything scrolls (the page, the table's box), so the menu follows its button; it closes once the button is gone.
  const place = useCallback(() => {
    const button = buttonRef.current?.getBoundingClientRect();
    if (!button) return;
    if (button.bottom < 0 || button.top > window.innerHeight) return close(false);
    const menuHeight = menuRef.current?.offsetHeight ?? 0;
    const below = button.bottom + 4;
    const top =
      below + menuHeight > window.innerHeight && button.top - menuHeight - 4 > 0 ? button.top - menuHeight - 4 : below;
    setPosition({ top, right: Math.max(8, window.innerWidth - button.right) });
  }, [close]);

  useLayoutEffect(() => {
    if (!open) return;
    // Opened from the keyboard on a button scrolled out of view: bring it back so the menu shows beside it. Instant:
    // the page scrolls smoothly, and the menu is placed from where the button is now.
    buttonRef.current?.scrollIntoView?.({ block: "nearest", behavior: "instant" });
    place();
  }, [open, place]);

  useEffect(() => {
    // preventScroll: focusing the fixed menu must not scroll the page under it.
    if (open && position) itemRefs.current[active]?.focus({ preventScroll: true });
  }, [open, position, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener("pointerdown", onPointer);
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      window.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
    };
  }, [open, close, place]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      openAt(nextEnabled(items, -1, 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      openAt(nextEnabled(items, items.length, -1));
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const moves: Record<string, () => number> = {
      ArrowDown: () => nextEnabled(items, active, 1),
      ArrowUp: () => nextEnabled(items, active, -1),
      Home: () => nextEnabled(items, -1, 1),
      End: () => nextEnabled(items, items.length, -1),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setActive(move());
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === "Tab") {
      close(false);
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={TABLE_TEXTS.actionsFor(name)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(nextEnabled(items, -1, 1)))}
        onKeyDown={onButtonKey}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold whitespace-nowrap text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"
      >
        <span aria-hidden="true">⋯</span> {TABLE_TEXTS.actions}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={TABLE_TEXTS.actionsFor(name)}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          style={{ top: position?.top ?? 0, right: position?.right ?? 0, visibility: position ? "visible" : "hidden" }}
          className="fixed z-50 min-w-44 rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
        >
          {items.map((item, i) => (
            <button
              key={item.label}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={i === active ? 0 : -1}
              disabled={item.disabled}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              className={`block w-full px-3 py-2 text-left font-medium focus:outline-none disabled:cursor-not-allowed disabled:opacity-50 ${
                item.destructive
                  ? "text-red-700 hover:bg-red-50 focus:bg-red-50"
                  : "text-slate-700 hover:bg-slate-100 focus:bg-slate-100"
              }`}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
