import { MAX_PROFILE_IMAGE_BYTES, PROFILE_MESSAGES, type TImageUploadResponse } from "@mailsmith/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The browser-side check before uploading (the server checks the content again). */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith("image/")) return PROFILE_MESSAGES.imageNotImage;
  if (file.size > MAX_PROFILE_IMAGE_BYTES) return PROFILE_MESSAGES.imageTooLarge;
  return null;
}

/** POST /api/image-server/upload (multipart field image) → file.url */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("image", file);
      return api.post<TImageUploadResponse>("/api/image-server/upload", form);
    },
  });
}
