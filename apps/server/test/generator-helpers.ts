import { expect } from "vitest";
import type { TestClient } from "./harness.js";

/** A multipart form with one PNG (as the generator's and the brand kits' uploads send it) and plain fields. */
export function designForm(png: Buffer, fields: Record<string, string> = {}, field = "images"): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append(field, new Blob([new Uint8Array(png)], { type: "image/png" }), "design.png");
  return fd;
}

/** A generation job once it has ended (polled as the generator page does); fails the test unless it succeeded. */
export async function finishedJob(client: TestClient, jobId: string, ms = 150_000) {
  const until = Date.now() + ms;
  for (;;) {
    const job = (await client.get(`/api/generations/${jobId}`)).body.data;
    if (["succeeded", "failed", "cancelled"].includes(job.status)) {
      expect(job.status, JSON.stringify(job)).toBe("succeeded");
      return job as { status: string; templateId: string } & Record<string, unknown>;
    }
    if (Date.now() > until) throw new Error(`job ${jobId} did not end`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The template a successful generation job saved (GET /api/templates/:id's data). */
export async function templateOfJob<T = { _id: string; html: string }>(client: TestClient, jobId: string): Promise<T> {
  const job = await finishedJob(client, jobId);
  return (await client.get(`/api/templates/${job.templateId}`)).body.data as T;
}
