import { TEXT, type CurrentUser, type MeResponse } from '@swapyard/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { ApiError, apiRequest } from './api-client.ts';
import { sessionKeys } from './query-keys.ts';

/*
 * The signed-in member is shared by every feature (greeting, sidebar, profile, ownership checks),
 * so it lives here rather than in features/auth, which features may not import.
 */

/** Resolves to null when nobody is signed in, so guards can tell "signed out" from "failed". */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const { user } = await apiRequest<MeResponse>('/me', signal ? { signal } : {});
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: ({ signal }) => getCurrentUser(signal),
});

/**
 * Starts a new session state: drops every cached answer (they belonged to the previous session)
 * and records who is signed in now. The current-user query is kept, not removed, so the guards
 * observing it re-render at once.
 */
export function resetSession(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

/** What the server said changed about the member (balance, role), if they are the one signed in. */
export function updateCurrentUser(queryClient: QueryClient, userId: string, change: Partial<Pick<CurrentUser, 'points' | 'role'>>): void {
  queryClient.setQueryData(currentUserQuery.queryKey, (user) =>
    user && user.id === userId ? { ...user, ...change } : user,
  );
}

/** Provided by the route guard, so screens below it always see a signed-in member. */
export const CurrentUserContext = createContext<CurrentUser | null>(null);

export function useCurrentUser(): CurrentUser {
  const user = use(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available below the signed-in route guard');
  return user;
}

export function memberName(user: Pick<CurrentUser, 'displayName'>): string {
  return user.displayName.trim() || TEXT.shell.defaultName;
}

export function memberInitial(user: Pick<CurrentUser, 'displayName'>): string {
  // Array.from keeps a name that starts with an emoji or other astral character whole.
  return Array.from(user.displayName.trim())[0]?.toUpperCase() ?? TEXT.shell.defaultInitial;
}

export function firstName(user: Pick<CurrentUser, 'displayName'>): string {
  return memberName(user).split(/\s+/)[0] ?? TEXT.shell.defaultName;
}
