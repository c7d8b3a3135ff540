import { COMMERCE_UI_TEXTS } from "@mailsmith/shared";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PackagesPanel } from "../components/packages-panel";

/** /admin/packages: the Pricing Packages screen (also a tab of /admin/settings). */
export function AdminPackagesPage() {
  useDocumentTitle(COMMERCE_UI_TEXTS.adminPackagesPage.pricingPackagesMailsmithAdmin);
  return (
    <div className="mx-auto max-w-6xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h1 className="sr-only">{COMMERCE_UI_TEXTS.adminPackagesPage.pricingPackages}</h1>
      <PackagesPanel />
    </div>
  );
}
