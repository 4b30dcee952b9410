import type { ItemFields } from '@swapyard/contract';

/** One place in the gallery: an image the item already has, or a file chosen in this form. */
export type ImageSlot = { kind: 'existing'; id: string } | { kind: 'new'; file: File };

export interface ItemSubmission {
  fields: ItemFields;
  /** In display order; the first is the cover. */
  images: readonly ImageSlot[];
}

/**
 * The multipart body both create and update take. `order` names every slot as the update's
 * imageOrder wants it: "id:<image id>" or "new:<n>", n counting the files in this body.
 */
export function itemFormData({ fields, images }: ItemSubmission): { form: FormData; order: string[] } {
  const form = new FormData();
  form.set('title', fields.title);
  form.set('description', fields.description);
  form.set('category', fields.category);
  form.set('value', String(fields.value));
  form.set('location', fields.location);
  if (fields.placeId !== undefined) form.set('placeId', String(fields.placeId));
  const order: string[] = [];
  let uploaded = 0;
  for (const slot of images) {
    if (slot.kind === 'existing') {
      order.push(`id:${slot.id}`);
    } else {
      form.append('images', slot.file, slot.file.name);
      order.push(`new:${String(uploaded)}`);
      uploaded += 1;
    }
  }
  return { form, order };
}
