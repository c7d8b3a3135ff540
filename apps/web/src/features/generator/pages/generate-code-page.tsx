import { GENERATOR_MESSAGES, GENERATOR_UI } from "@mailsmith/shared";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useMe } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGeneratorStatus } from "../api/generate";
import { createGeneration } from "../api/generations";
import { CreditsBox } from "../components/credits-box";
import { GenerationRuns } from "../components/generation-runs";
import { GeneratorForm } from "../components/generator-form";
import { useGenerationJobs } from "../hooks/use-generation-jobs";
import { useGeneratorForm } from "../hooks/use-generator-form";

/** /user/generate-code (spec §2 Generator). Signed-out visitors get the log-in prompt, not a redirect. */
export function GenerateCodePage() {
  useDocumentTitle(`${GENERATOR_MESSAGES.pageTitle} - Mailsmith`);
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return (
      <div className="flex justify-center p-16 text-brand-600">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (!me.data) {
    return (
      <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">{GENERATOR_MESSAGES.pageTitle}</h1>
        <p className="mt-3 text-slate-600">{GENERATOR_MESSAGES.loginRequired}</p>
        <Link to={paths.login} state={{ from: location.pathname }} className={buttonClasses("primary", "mt-6")}>
          {GENERATOR_MESSAGES.goToLogin}
        </Link>
      </div>
    );
  }
  return <Generator credits={me.data.currentBalance} />;
}

/** The signed-in Generator: the form (useGeneratorForm) on the left, the jobs it starts (useGenerationJobs) on the right. */
function Generator({ credits }: { credits: number }) {
  const status = useGeneratorStatus(true);
  const gen = useGenerationJobs();
  const busy = gen.running;
  // The next generation's price: 1 credit, or what the admin set for the local reader.
  const price = status.data?.creditsPerGeneration ?? 1;
  const localReader = status.data?.engine === "local-reader";
  const form = useGeneratorForm({ credits, busy, price });
  /** Share of the upload sent, while the request that creates the job is under way. */
  const [uploaded, setUploaded] = useState<number | null>(null);

  const generate = async () => {
    const body = form.submission();
    if (!body) return;
    setUploaded(0);
    await gen.start(() => createGeneration(body, setUploaded));
    setUploaded(null);
  };
  const reset = () => {
    form.reset();
    gen.clear();
  };
  const active = gen.runs.filter((r) => !r.template && !r.ended);
  const done = gen.runs.filter((r) => r.template);

  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{GENERATOR_MESSAGES.pageTitle}</h1>
          <p className="mt-1 text-sm text-slate-600">{GENERATOR_UI.intro}</p>
        </div>
        <CreditsBox credits={credits} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <GeneratorForm
          form={form}
          busy={busy}
          noCredits={credits < price}
          credits={credits}
          notes={{
            noKeys: Boolean(status.data && !status.data.available),
            localReaderCredits: localReader ? price : null,
            keysLoadError: status.isError,
            reattached: gen.reattached && active.length > 0,
            startError: gen.startError,
            // A result below the fidelity threshold is not announced as a success.
            generated: done.length > 0 && active.length === 0 && !done.some((r) => r.job.fidelity?.belowThreshold),
          }}
          onGenerate={() => void generate()}
          onReset={reset}
        />
        <GenerationRuns gen={gen} uploaded={uploaded} designSrc={form.designSrc} />
      </div>
    </div>
  );
}
