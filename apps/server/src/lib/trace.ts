import { type Attributes, SpanStatusCode, trace } from "@opentelemetry/api";

/**
 * Manual spans (decision 107). Without OTEL_EXPORTER_OTLP_ENDPOINT no tracer provider is registered and the API's
 * no-op tracer makes these nearly free; with it, main.ts has registered the SDK (lib/otel.ts) before the app starts.
 */
const tracer = trace.getTracer("mailsmith");

/** Runs `fn` inside a span named `name` (a child of the active span); a thrown error marks the span failed. */
export function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Sets attributes on the active span (a no-op without tracing). */
export function annotateSpan(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}
