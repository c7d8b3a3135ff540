import { api } from "@/lib/api-client";

/** Admin writes answer { success, data, message }. */
export interface WriteAnswer<T> {
  success: true;
  data: T;
  message: string;
}

export const write = {
  put: <T>(path: string, body: unknown) => api.put<WriteAnswer<T>>(path, body),
  post: <T>(path: string, body?: unknown) => api.post<WriteAnswer<T>>(path, body),
  patch: <T>(path: string) => api.patch<WriteAnswer<T>>(path),
  delete: <T>(path: string) => api.delete<WriteAnswer<T>>(path),
};
