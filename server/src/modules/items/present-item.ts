import type { Category, ItemCard, ItemDetail, ItemStatus, MemberSummary } from '@swapyard/contract';
import { imageUrl, thumbUrl } from '../uploads/image-keys.ts';
import type { CardRow, ItemImageRow, ItemRow } from './repository.ts';

function base(item: ItemRow) {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    category: item.category as Category,
    value: item.value,
    location: item.location,
    status: item.status as ItemStatus,
    createdAt: item.createdAt.toISOString(),
    ownerId: item.ownerId,
  };
}

export function presentCard(row: CardRow): ItemCard {
  return {
    ...base(row.item),
    image: row.imageKey
      ? { url: imageUrl(row.imageKey), thumbUrl: thumbUrl(row.imageKey), width: row.imageWidth!, height: row.imageHeight! }
      : null,
  };
}

export function presentDetail(item: ItemRow, owner: MemberSummary, images: ItemImageRow[]): ItemDetail {
  return {
    ...base(item),
    updatedAt: item.updatedAt.toISOString(),
    owner,
    images: images.map((image) => ({
      id: image.id,
      url: imageUrl(image.storageKey),
      thumbUrl: thumbUrl(image.storageKey),
      width: image.width,
      height: image.height,
    })),
  };
}
