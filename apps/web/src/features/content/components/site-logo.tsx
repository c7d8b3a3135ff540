import { CONTENT_TEXTS } from "@mailsmith/shared";
import { useState } from "react";
import { Link } from "react-router";
import { useFooter } from "../api/footer";

/**
 * The header logo comes from the footer data (spec): hidden while it loads, the text "Logo" when the footer
 * cannot be fetched, "Logo Error" when the image fails, the logo text when no image is set.
 */
export function SiteLogo() {
  const footer = useFooter();
  const [failed, setFailed] = useState<string | null>(null);
  const url = footer.data?.middleSection.logoUrl;
  const name = footer.data?.topSection.logoText || "Mailsmith";
  let content: React.ReactNode;
  if (footer.isPending) content = <span className="block h-9 w-32" aria-hidden="true" />;
  else if (footer.isError)
    content = <span className="text-lg font-bold text-slate-900">{CONTENT_TEXTS.logo.fallback}</span>;
  else if (url && failed === url)
    content = <span className="text-sm font-semibold text-red-700">{CONTENT_TEXTS.logo.imageError}</span>;
  else if (url)
    content = (
      <img src={url} alt={name} width={144} height={36} className="h-9 w-auto" onError={() => setFailed(url)} />
    );
  else content = <span className="text-lg font-bold tracking-tight text-slate-900">{name}</span>;
  return (
    <Link to="/" className="flex items-center rounded-md" aria-label={`${name} home`}>
      {content}
    </Link>
  );
}
