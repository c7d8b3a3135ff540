import type { TProfileUpdate, TUser } from "@mailsmith/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export function updateProfile(userId: string, body: TProfileUpdate) {
  return api.put<{ success: true; message: string; user: TUser }>(
    `/api/update-user-profile/${encodeURIComponent(userId)}`,
    body,
  );
}

/** PUT /api/update-user-profile/{userId}; refreshes the signed-in user (header photo, name). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: TProfileUpdate }) => updateProfile(userId, body),
    onSuccess: (res) => {
      queryClient.setQueryData(queryKeys.me, res.user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** The profile fields of a user record, as the update payload expects them. */
export function profilePayload(user: TUser): TProfileUpdate {
  return {
    userName: user.userName,
    aboutMe: user.aboutMe,
    profileURL: user.profileURL,
    address: user.address,
    city: user.city,
    country: user.country,
    phone: user.phone,
  };
}
