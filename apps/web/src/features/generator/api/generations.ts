import {
  FETCH_MESSAGES,
  type TGenerationJob,
  type TGenerationJobsCreated,
  type TGenerationStreamEvent,
} from "@mailsmith/shared";
import { ApiError, api } from "@/lib/api-client";
import { readNdjson, responseError } from "@/lib/ndjson";

/** Generation jobs (decision 055): they run on the server, so a reload or a second tab can re-attach. */

/**
 * POST /api/generations: multipart images[], emailType, instructions, variants → the job(s) and the new balance.
 * Sent with XMLHttpRequest because fetch cannot report upload progress (the "Uploading" stage shows real bytes).
 */
export function createGeneration(
  form: FormData,
  onUpload?: (fraction: number) => void,
): Promise<TGenerationJobsCreated["data"]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/generations");
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onUpload) onUpload(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { data?: TGenerationJobsCreated["data"]; code?: string; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) return resolve(body.data);
      reject(
        new ApiError(
          xhr.status,
          body?.code ?? `HTTP_${xhr.status}`,
          body?.message ?? FETCH_MESSAGES.httpError(xhr.status),
          body,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", FETCH_MESSAGES.network));
    xhr.send(form);
  });
}

/** POST /api/templates/:id/refinements { instructions }: a refinement job (1 credit), followed like a generation. */
export function createRefinement(templateId: string, instructions: string) {
  return api
    .post<TGenerationJobsCreated>(`/api/templates/${templateId}/refinements`, { instructions })
    .then((r) => r.data);
}

/** The caller's queued and running jobs (to re-attach after a reload or in another tab). */
export function fetchActiveJobs() {
  return api.get<{ data: TGenerationJob[] }>("/api/generations?active=true").then((r) => r.data);
}

/** The caller's last 20 jobs (finds the other variant of a pair). */
export function fetchRecentJobs() {
  return api.get<{ data: TGenerationJob[] }>("/api/generations").then((r) => r.data);
}

export function fetchJob(id: string) {
  return api.get<{ data: TGenerationJob; balance: number }>(`/api/generations/${id}`);
}

export function cancelJob(id: string) {
  return api.post<{ data: TGenerationJob; balance: number; message?: string }>(`/api/generations/${id}/cancel`);
}

/** Retry a failed or cancelled job from its stored uploads (nothing is uploaded again). */
export function retryJob(id: string) {
  return api.post<TGenerationJobsCreated>(`/api/generations/${id}/retry`).then((r) => r.data);
}

/** The one free retry of a result below the fidelity threshold: a new job, no credit taken. */
export function retryFreeJob(id: string) {
  return api.post<TGenerationJobsCreated>(`/api/generations/${id}/retry-free`).then((r) => r.data);
}

/**
 * Reads GET /api/generations/:id/stream (NDJSON) until it ends. Returns normally when the server closes the
 * stream (after a final event, or early: the caller decides whether to read it again).
 */
export async function readJobStream(
  id: string,
  onEvent: (event: TGenerationStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api/generations/${id}/stream`, { credentials: "same-origin", signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, "NETWORK", FETCH_MESSAGES.network);
  }
  if (!res.ok || !res.body) throw await responseError(res);
  await readNdjson(res.body, onEvent);
}
