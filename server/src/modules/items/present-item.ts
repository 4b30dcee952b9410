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

/** A card in a list read by a member, who may have saved it. */
export function presentListed(item: ItemRow, firstImage: ItemImageRow | undefined, favourited: boolean): ListedItem {
  return { ...presentCard(item, firstImage), favourited };
}

export function presentDetail(item: ItemRow, owner: MemberSummary, images: ItemImageRow[], favourited: boolean): ItemDetail {
  return {
    ...base(item),
    favourited,
    updatedAt: item.updatedAt.toISOString(),
    owner,
    images: images.map((image) => ({ id: image.id, ...presentImage(image) })),
  };
}
