import { GENERATOR_LIMITS, GENERATOR_UI, UI_TEXTS } from "@mailsmith/shared";
import { useEffect, useId, useRef, useState } from "react";
import { EmailPanel } from "./email-panel";

/**
 * The uploaded design beside the rendered result, or on top of it with a slider that reveals one over the other.
 * The slider is a native range input: arrow keys, Home/End and Page Up/Down move it, and it shows a focus ring.
 */
export function CompareView({
  designUrl,
  renderedUrl,
  html,
}: {
  designUrl: string;
  /** The server's rendering of the result (PNG); without it the email itself is shown, scaled, in a sandbox. */
  renderedUrl?: string | null;
  html: string;
}) {
  const [mode, setMode] = useState<"side" | "overlay">("side");
  const [ratio, setRatio] = useState<number | null>(null);
  const onDesignLoad = (e: React.SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    if (img.naturalWidth) setRatio(img.naturalHeight / img.naturalWidth);
  };
  const result = (className: string) =>
    renderedUrl ? (
      <img src={renderedUrl} alt={GENERATOR_UI.rendered} className={className} />
    ) : (
      <ScaledEmail html={html} ratio={ratio} className={className} />
    );
  const [pos, setPos] = useState(50);
  const sliderId = useId();
  return (
    <EmailPanel
      label={GENERATOR_UI.compareTitle}
      title={GENERATOR_UI.compareTitle}
      views={[
        { value: "side", label: GENERATOR_UI.compareSideBySide },
        { value: "overlay", label: GENERATOR_UI.compareOverlay },
      ]}
      view={mode}
      onViewChange={setMode}
      switchLabel={UI_TEXTS.compareMode}
    >
      <div className="max-h-[640px] overflow-y-auto bg-slate-100 p-2">
        {mode === "side" ? (
          <div className="grid grid-cols-2 gap-2">
            <figure className="min-w-0">
              <figcaption className="mb-1 text-xs font-medium text-slate-600">{GENERATOR_UI.design}</figcaption>
              <img
                src={designUrl}
                alt={GENERATOR_UI.design}
                onLoad={onDesignLoad}
                className="block w-full rounded border border-slate-200 bg-white"
              />
            </figure>
            <figure className="min-w-0">
              <figcaption className="mb-1 text-xs font-medium text-slate-600">{GENERATOR_UI.rendered}</figcaption>
              {result("block w-full rounded border border-slate-200 bg-white")}
            </figure>
          </div>
        ) : (
          <div
            className="relative grid overflow-hidden rounded border border-slate-200 bg-white"
            data-testid="compare-overlay"
          >
            {/* Both pictures in one grid cell: the result below, the design on top, clipped at the slider. */}
            {result("col-start-1 row-start-1 block w-full self-start")}
            <img
              src={designUrl}
              alt={GENERATOR_UI.design}
              onLoad={onDesignLoad}
              style={{ clipPath: `inset(0 ${100 - pos}% 0 0)` }}
              className="col-start-1 row-start-1 block w-full self-start"
            />
            <div
              aria-hidden="true"
              style={{ left: `${pos}%` }}
              className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-brand-600 shadow"
            />
          </div>
        )}
      </div>
      {mode === "overlay" && (
        // The slider takes the full width (a phone leaves little room beside two labels); the labels sit below it.
        <div className="border-t border-slate-100 px-4 py-3">
          <label htmlFor={sliderId} className="sr-only">
            {GENERATOR_UI.compareSlider}
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={pos}
            aria-valuetext={`${pos}% design, ${100 - pos}% result`}
            onChange={(e) => setPos(Number(e.target.value))}
            className="block h-2 w-full cursor-pointer accent-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
          />
          <div aria-hidden="true" className="mt-1.5 flex justify-between gap-2 text-xs text-slate-600">
            <span>← {GENERATOR_UI.design}</span>
            <span>{GENERATOR_UI.rendered} →</span>
          </div>
        </div>
      )}
    </EmailPanel>
  );
}

/**
 * The email at the design's width (600 px), scaled to the column, as tall as the design would be at that width:
 * a sandboxed frame, so the HTML cannot run anything.
 */
function ScaledEmail({ html, ratio, className }: { html: string; ratio: number | null; className: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const frameWidth = GENERATOR_LIMITS.emailMaxWidthPx;
  const frameHeight = Math.round(frameWidth * (ratio ?? 1.5));
  const scale = width ? width / frameWidth : 0;
  return (
    <div ref={box} className={`relative overflow-hidden ${className}`} style={{ height: frameHeight * scale }}>
      {scale > 0 && (
        <iframe
          title={GENERATOR_UI.rendered}
          sandbox=""
          srcDoc={html}
          tabIndex={-1}
          style={{ width: frameWidth, height: frameHeight, transform: `scale(${scale})` }}
          className="pointer-events-none absolute top-0 left-0 origin-top-left border-0 bg-white"
        />
      )}
    </div>
  );
}
