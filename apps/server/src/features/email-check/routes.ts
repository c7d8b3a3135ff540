import fastifyMultipart from "@fastify/multipart";
import {
  EMAIL_CHECK_LIMITS,
  EMAIL_CHECK_MESSAGES,
  ZEmailCheckRequestSchema,
  ZEmailCheckResponseSchema,
  ZEmailFixRequestSchema,
  ZEmailFixResponseSchema,
} from "@mailsmith/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createSpamd } from "../../adapters/spam/spamd.js";
import { ownOrigins } from "../../context.js";
import { renderReport } from "../../email-engine/render-report.js";
import { currentUser } from "../../plugins/access.js";
import { FILE_FIELDS, MAX_FILE_BYTES, readCheckForm } from "./check-form.js";
import { checkEmail, type EmailCheckDeps, fixEmail } from "./service.js";

/** The spam score reads the email as sent by the member: the headers and body a mailbox would receive. */
const senderOf = (user: { name?: string | null; email: string }) => ({
  ...(user.name ? { name: user.name } : {}),
  address: user.email,
});

const byUser = (req: FastifyRequest) => req.user?.id ?? req.ip;

/** Check my email's limit, also for its one-click fixes (each renders the email as a check does). */
const rateLimit = {
  max: EMAIL_CHECK_LIMITS.rateMax,
  timeWindow: EMAIL_CHECK_LIMITS.rateWindow,
  keyGenerator: byUser,
  errorResponseBuilder: (_req: FastifyRequest, context: { statusCode: number }) => ({
    statusCode: context.statusCode,
    code: "TOO_MANY_REQUESTS",
    message: EMAIL_CHECK_MESSAGES.rateLimited,
  }),
};

/** Check my email (POST /api/email-check): a member's existing email through the engine and the renderer. */
export async function emailCheckRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { ctx } = appBase;
  if (!appBase.hasContentTypeParser("multipart/form-data")) {
    await appBase.register(fastifyMultipart, {
      limits: { fileSize: MAX_FILE_BYTES + 1, files: Object.keys(FILE_FIELDS).length, fields: 5, parts: 10 },
    });
  }
  const deps: EmailCheckDeps = {
    processor: ctx.emailEngine,
    compare: (input) => ctx.emailEngine.compare(input),
    render: (html, storeAs) => renderReport(ctx.renderer, html, { storeAs, thumbnail: false }),
    renderAt: (html, width) => ctx.renderer.render({ html, width, visibleText: true }),
    readLayout: (design, signal) => ctx.designReader.read(design, { signal }),
    spam: createSpamd(ctx.env.SPAMD_URL),
    ownOrigins: ownOrigins(ctx.env),
    log: ctx.log,
  };

  app.post(
    "/api/email-check",
    {
      // JSON escapes can double the size of 500 KB of HTML; the exact limit is checked on the HTML itself (413).
      bodyLimit: EMAIL_CHECK_LIMITS.maxHtmlBytes * 4,
      config: { access: "user", rateLimit },
      schema: {
        tags: ["email-check"],
        summary:
          "Check an existing HTML email (JSON { html } or multipart field html, text or .html file, ≤ 500 KB): processed HTML, plain text, report with rendered previews. Optional multipart file design (PNG/JPEG/WebP/GIF ≤ 4 MB): adds fidelity { score, parts } of the email rendered at the design's width. Free, 30 per 10 minutes",
        consumes: ["application/json", "multipart/form-data"],
        // Optional: a multipart form is read from its parts in the handler.
        body: ZEmailCheckRequestSchema.nullish(),
        response: { 200: ZEmailCheckResponseSchema },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      // The connection closing before the answer is written: the member closed the page or gave up waiting.
      const gone = new AbortController();
      reply.raw.once("close", () => {
        if (!reply.raw.writableFinished) gone.abort(new Error("the member's request was closed"));
      });
      let html: string | Buffer | undefined;
      let design: string | Buffer | undefined;
      if (req.isMultipart()) {
        ({ html, design } = await readCheckForm(req));
      } else {
        html = req.body?.html;
      }
      return checkEmail(deps, { html, design, sender: senderOf(user), language: user.language, signal: gone.signal });
    },
  );

  app.post(
    "/api/email-fix",
    {
      bodyLimit: EMAIL_CHECK_LIMITS.maxHtmlBytes * 4,
      config: { access: "user", rateLimit },
      schema: {
        tags: ["email-check"],
        summary:
          'The report\'s one-click fixes for an existing HTML email (JSON { html, fixes: ["use-https", "accessibility", "dark-mode", "alt-text"], alts: [{ id, alt }] for "alt-text" }, ≤ 500 KB): the fixed HTML and plain text, every change { id, reason, before, after, applied } (applied false: a suggestion), the fixed email\'s report (the shape of POST /api/email-check\'s) and the pictures still waiting for an alt text. Free, 30 per 10 minutes',
        body: ZEmailFixRequestSchema,
        response: { 200: ZEmailFixResponseSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { html, fixes, alts } = req.body;
      return fixEmail(deps, { html, fixes, alts, sender: senderOf(user), language: user.language });
    },
  );
}
