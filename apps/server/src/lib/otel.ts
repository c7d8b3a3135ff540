import { createRequire } from "node:module";

/**
 * OpenTelemetry tracing (decision 107), loaded by main.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the Node
 * tracer provider with a batching OTLP/HTTP exporter (JSON), and the http instrumentation (a span per incoming request,
 * the parent of the app's manual spans: generation, model call, render). The exporter reads the standard OTEL_*
 * variables itself (OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME, …). Returns the shutdown that flushes the spans.
 */
export async function startTracing(serviceName: string): Promise<() => Promise<void>> {
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { registerInstrumentations }, http, res] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/instrumentation"),
      import("@opentelemetry/instrumentation-http"),
      import("@opentelemetry/resources"),
    ]);
  const provider = new NodeTracerProvider({
    resource: res.resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    instrumentations: [
      new http.HttpInstrumentation({
        // Health polls, metrics scrapes and static files would drown the traces.
        ignoreIncomingRequestHook: (req) => /^\/(api\/health|metrics|assets\/)/.test(req.url ?? ""),
        // The exporter's own posts are not traced.
        ignoreOutgoingRequestHook: () => true,
      }),
    ],
  });
  // The instrumentation patches http's Server when the module is required; ESM imports of node:http do not require it.
  createRequire(import.meta.url)("node:http");
  return () => provider.shutdown();
}
