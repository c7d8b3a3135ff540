import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { useTemplate } from "../api/templates";

/**
 * A rendered thumbnail of one saved template: the server's PNG when it has one, otherwise the email itself scaled
 * down in a sandboxed frame (loaded on demand).
 */
export function TemplateThumb({ id, title, src }: { id: string; title: string; src?: string | null }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <div className="h-56 overflow-hidden border-b border-slate-100 bg-slate-100">
        <img
          src={src}
          alt={title}
          loading="lazy"
          onError={() => setBroken(true)}
          className="block w-full bg-white object-cover object-top"
        />
      </div>
    );
  }
  return <FrameThumb id={id} title={title} />;
}

function FrameThumb({ id, title }: { id: string; title: string }) {
  const html = useTemplate(id).data?.html;
  return (
    <div className="relative h-56 overflow-hidden border-b border-slate-100 bg-slate-100">
      {html ? (
        <iframe
          title={title}
          sandbox=""
          srcDoc={html}
          tabIndex={-1}
          className="pointer-events-none absolute top-0 left-0 h-[896px] w-[640px] origin-top-left scale-50 border-0 bg-white"
        />
      ) : (
        <div className="flex h-full items-center justify-center text-brand-600">
          <Spinner />
        </div>
      )}
    </div>
  );
}
