import { APP_UI_TEXTS } from "@mailsmith/shared";
import { type RefObject, useEffect, useRef } from "react";
import { Logo } from "@/components/layout/logo";
import { Icon } from "@/components/ui/icon";
import * as icons from "@/components/ui/icons";
import { type SidebarLink, SideNav } from "./side-nav";

/**
 * The area's menu on a phone or tablet (below 1024 px; decision 127): a drawer over the page, opened by the top bar's
 * menu button, with every link named. The page keeps its full width when it is closed. Escape, the close button and
 * the backdrop close it, and so does following a link; focus goes to its close button and back to the menu button.
 */
export function NavDrawer({
  open,
  onClose,
  links,
  area,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  links: SidebarLink[];
  area: string;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    const opener = returnFocus.current;
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, [open, onClose, returnFocus]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 h-full w-full cursor-default bg-slate-900/40"
        onClick={onClose}
      />
      <div
        id="nav-drawer"
        role="dialog"
        aria-modal="true"
        aria-label={APP_UI_TEXTS.navigation(area)}
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
      >
        <div className="flex h-14 items-center justify-between gap-2 border-b border-slate-100 px-3">
          <Logo />
          <button
            ref={close}
            type="button"
            onClick={onClose}
            className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
            aria-label={APP_UI_TEXTS.closeNavigation}
          >
            <Icon glyph={icons.close} />
          </button>
        </div>
        <SideNav links={links} area={area} collapsed={false} />
      </div>
    </div>
  );
}
