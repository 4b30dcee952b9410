import type { CurrentUser, PublicProfile } from '@swapyard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../lib/current-user.ts';
import { userKeys } from '../../../lib/query-keys.ts';

/** After an edit: the sidebar and the open profile show the new details at once, without a refetch. */
export function rememberMember(queryClient: QueryClient, user: CurrentUser): void {
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  queryClient.setQueryData<PublicProfile>(userKeys.detail(user.id), (profile) =>
    profile
      ? { ...profile, displayName: user.displayName, photoUrl: user.photoUrl, bio: user.bio, location: user.location, place: user.place }
      : profile,
  );
}
