import { PACKAGE_MESSAGES, PRICING_SECTION_LIMIT } from "@mailsmith/shared";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { usePackages } from "../api/packages";
import { PackageCard } from "./package-card";

/** Landing pricing section (inside #pricing-sec) and the member area's plan picker. */
export function PricingSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const packages = usePackages();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const shown = (packages.data ?? []).slice(0, PRICING_SECTION_LIMIT);
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{PACKAGE_MESSAGES.pricingTitle}</p>
        <Heading className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {PACKAGE_MESSAGES.pricingHeading}
        </Heading>
      </div>
      <div className="mt-10">
        {packages.isPending ? (
          <div className="flex justify-center py-10 text-brand-600">
            <Spinner className="h-8 w-8" label={PACKAGE_MESSAGES.loadingPackages} />
          </div>
        ) : packages.isError ? (
          <Alert>{errorMessage(packages.error, PACKAGE_MESSAGES.fetchFailed)}</Alert>
        ) : shown.length === 0 ? (
          <p className="text-center text-slate-600">{PACKAGE_MESSAGES.emptyPublic}</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {shown.map((pkg, i) => (
              <PackageCard
                headingLevel={headingLevel === 1 ? 2 : 3}
                key={pkg._id}
                pkg={pkg}
                highlighted={shown.length === 3 && i === 1}
                action={
                  <Link
                    to={paths.buy(pkg._id)}
                    className={buttonClasses(shown.length === 3 && i === 1 ? "primary" : "secondary", "w-full")}
                    aria-label={`${PACKAGE_MESSAGES.choosePlan}: ${pkg.packageName}`}
                  >
                    {PACKAGE_MESSAGES.choosePlan}
                  </Link>
                }
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
