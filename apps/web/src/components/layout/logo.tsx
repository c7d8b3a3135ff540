import { APP_UI_TEXTS } from "@mailsmith/shared";
import { Link } from "react-router";

/** Text logo; the public header replaces it with the footer's logo image when one is set. */
export function Logo({ imageUrl, className = "" }: { imageUrl?: string | null; className?: string }) {
  return (
    <Link
      to="/"
      className={`flex items-center gap-2 font-bold text-slate-900 ${className}`}
      aria-label={APP_UI_TEXTS.logoHome}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="Mailsmith" className="h-9 w-auto" />
      ) : (
        <>
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          <span className="text-lg tracking-tight">Mailsmith</span>
        </>
      )}
    </Link>
  );
}
