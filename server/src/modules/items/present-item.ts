import type { Category, ItemCard, ItemDetail, ItemStatus, ListedItem, MemberSummary } from '@swapyard/contract';
import { presentPlace } from '../places/present-place.ts';
import { imageUrl, thumbUrl } from '../uploads/image-keys.ts';
import type { ItemImageRow, ItemRow } from './repository.ts';

function base(item: ItemRow) {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    category: item.category as Category,
    value: item.value,
    location: item.location,
    place: presentPlace(item.placeId),
    status: item.status as ItemStatus,
    createdAt: item.createdAt.toISOString(),
    ownerId: item.ownerId,
    hiddenReason: item.hiddenAt ? (item.hiddenReason ?? '') : null,
  };
}

function presentImage(image: ItemImageRow) {
  return { url: imageUrl(image.storageKey), thumbUrl: thumbUrl(image.storageKey), width: image.width, height: image.height };
}

export function presentCard(item: ItemRow, firstImage: ItemImageRow | undefined): ItemCard {
  return { ...base(item), image: firstImage ? presentImage(firstImage) : null };
}

/** What a listing is to the member reading it: whether they saved it, and how far it is from them. */
interface ViewerFields {
  favourited: boolean;
  distanceKm: number | null;
}

/** A card in a list read by a member. */
export function presentListed(item: ItemRow, firstImage: ItemImageRow | undefined, viewer: ViewerFields): ListedItem {
  return { ...presentCard(item, firstImage), ...viewer };
}

export function presentDetail(item: ItemRow, owner: MemberSummary, images: ItemImageRow[], viewer: ViewerFields): ItemDetail {
  return {
    ...base(item),
    ...viewer,
    updatedAt: item.updatedAt.toISOString(),
    owner,
    images: images.map((image) => ({ id: image.id, ...presentImage(image) })),
  };
}
