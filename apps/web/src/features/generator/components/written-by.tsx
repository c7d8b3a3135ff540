import { LOCAL_READER_ENGINE, LOCAL_READER_TEXTS } from "@mailsmith/shared";
import { Badge } from "@/components/ui/badge";

/** Who wrote a template (decision 122): the local reader, or the AI model by its name. */
export function WrittenBy({ model }: { model: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="written-by">
      <span>{LOCAL_READER_TEXTS.writtenBy}</span>
      <Badge color={model === LOCAL_READER_ENGINE ? "amber" : "blue"}>{LOCAL_READER_TEXTS.engineLabel(model)}</Badge>
    </p>
  );
}
