import {
  CATEGORIES,
  ITEM_DESCRIPTION_MAX_LENGTH,
  ITEM_TITLE_MAX_LENGTH,
  itemFields,
  TEXT,
  type ItemDetail,
  type PlaceSummary,
} from '@swapyard/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PlacePicker, placeLabel } from '../../../components/place-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PointsInput } from '../../../components/ui/points-input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import type { UploadOptions } from '../../../lib/upload.ts';
import { ITEMS_TEXT } from '../texts.ts';
import type { ItemSubmission } from '../api/item-form-data.ts';
import { ImagePicker, type PickedImage } from './image-picker.tsx';
import { UploadProgress } from './upload-progress.tsx';

const t = ITEMS_TEXT.form;

interface ItemFormProps {
  /** The item being edited; none when adding. */
  item?: ItemDetail;
  submitLabel: string;
  /** Where Cancel leads when the form was opened directly, with no page to go back to. */
  cancelTo: string;
  /** Resolves once the outcome is handled; a failure is the caller's to report. */
  onSubmit: (submission: ItemSubmission, options: UploadOptions) => Promise<void>;
}

function existingImages(item: ItemDetail | undefined): PickedImage[] {
  return (item?.images ?? []).map((image) => ({
    kind: 'existing',
    id: image.id,
    key: image.id,
    previewUrl: image.thumbUrl,
  }));
}

export function ItemForm({ item, submitLabel, cancelTo, onSubmit }: ItemFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [images, setImages] = useState(() => existingImages(item));
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const [place, setPlace] = useState<PlaceSummary | null>(item?.place ?? null);
  // Until the picker is used, a listing whose text named no town keeps that text.
  const [placeTouched, setPlaceTouched] = useState(false);
  const locationText = place ? placeLabel(place) : placeTouched ? '' : (item?.location ?? '');
  const placeId = useId();
  // Set while sending: the share of the upload done, from 0 to 1.
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const submitting = progress !== null;

  // Leaving the page abandons the upload rather than finishing it out of sight.
  useEffect(
    () => () => {
      upload.current?.abort();
    },
    [],
  );

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    // The schema lists the fields in SPEC.md's order: its first complaint is the one to show.
    const parsed = itemFields.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? '');
      setInvalidField(field);
      toast.error(issue?.message ?? TEXT.errors.invalidInput);
      const element = field === 'location' ? document.getElementById(placeId) : form.elements.namedItem(field);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    if (images.length === 0) {
      setInvalidField('images');
      toast.error(TEXT.items.imagesRequired);
      fileInput.current?.focus();
      return;
    }
    setInvalidField(null);

    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      await onSubmit({ fields: parsed.data, images }, { onProgress: setProgress, signal: controller.signal });
    } finally {
      setProgress(null);
    }
  };

  const cancel = () => {
    // 'default' is the first page of this visit: going back would leave the app.
    if (location.key === 'default') void navigate(cancelTo);
    else void navigate(-1);
  };

  const invalid = (field: string) => (invalidField === field ? true : undefined);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex max-w-2xl flex-col gap-5">
      <Input
        label={t.title}
        name="title"
        defaultValue={item?.title}
        maxLength={ITEM_TITLE_MAX_LENGTH}
        required
        aria-invalid={invalid('title')}
      />
      <Textarea
        label={t.description}
        name="description"
        defaultValue={item?.description}
        maxLength={ITEM_DESCRIPTION_MAX_LENGTH}
        aria-invalid={invalid('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Select
          label={WEB_TEXT.common.category}
          name="category"
          defaultValue={item?.category ?? ''}
          required
          aria-invalid={invalid('category')}
        >
          <option value="">{t.selectCategory}</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {TEXT.categories[category]}
            </option>
          ))}
        </Select>
        <PointsInput
          label={t.value}
          name="value"
          defaultValue={item?.value}
          required
          aria-invalid={invalid('value')}
        />
      </div>
      <PlacePicker
        id={placeId}
        label={WEB_TEXT.common.location}
        name="placeId"
        value={place}
        onChange={(next) => {
          setPlace(next);
          setPlaceTouched(true);
        }}
        required
        {...(invalidField === 'location' ? { error: TEXT.items.locationRequired } : {})}
      />
      <input type="hidden" name="location" value={locationText} />
      <ImagePicker
        images={images}
        onChange={setImages}
        invalid={invalidField === 'images'}
        disabled={submitting}
        inputRef={fileInput}
      />
      {progress !== null && <UploadProgress fraction={progress} />}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={cancel}>
          {WEB_TEXT.common.cancel}
        </Button>
      </div>
    </form>
  );
}
