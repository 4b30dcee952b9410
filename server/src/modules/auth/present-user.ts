import { isLocale, type CurrentUser, type Role } from '@swapyard/contract';
import { presentPlace } from '../places/present-place.ts';
import type { UserRow } from './repository.ts';

export function presentCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    photoUrl: row.photoUrl,
    bio: row.bio,
    location: row.location,
    place: presentPlace(row.placeId),
    points: row.points,
    averageRating: row.ratingCount === 0 ? 0 : Math.round((row.ratingSum / row.ratingCount) * 10) / 10,
    ratingCount: row.ratingCount,
    createdAt: row.createdAt.toISOString(),
    role: row.role as Role,
    locale: isLocale(row.locale) ? row.locale : null,
  };
}
