import { COMMERCE_UI_TEXTS } from "@mailsmith/shared";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PricingSection } from "../components/pricing-section";

/** /user/select-package: the same plans inside the member area (dashboard upgrade card, generator's Buy Now). */
export function SelectPackagePage() {
  useDocumentTitle(COMMERCE_UI_TEXTS.selectPackagePage.chooseYourBestPlanMailsmith);
  return (
    <div className="-mx-4 -my-4 sm:-mx-6 lg:-mx-8">
      <PricingSection headingLevel={1} />
    </div>
  );
}
