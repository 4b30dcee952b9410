import { MAX_ITEM_IMAGES, TEXT } from '@swapyard/contract';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from '../../../lib/image-files.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_TEXT } from '../texts.ts';
import type { ImageSlot } from '../api/item-form-data.ts';

const t = ITEMS_TEXT.form;

/** A gallery slot with what the form needs to show it; new files carry an object URL it must revoke. */
export type PickedImage = ImageSlot & { key: string; previewUrl: string };

type FocusTarget = { key: string; action: 'earlier' | 'later' | 'remove' } | { key: null };

interface ImagePickerProps {
  images: readonly PickedImage[];
  onChange: (images: PickedImage[]) => void;
  invalid: boolean;
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
}

function revoke(image: PickedImage): void {
  if (image.kind === 'new') URL.revokeObjectURL(image.previewUrl);
}

export function ImagePicker({ images, onChange, invalid, disabled, inputRef }: ImagePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);

  // An object URL keeps its file in memory until revoked: let go of those still shown when the form goes.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  useEffect(
    () => () => {
      latest.current.forEach(revoke);
    },
    [],
  );

  // A moved or removed image's buttons leave the keyboard's place; put it back somewhere sensible.
  useEffect(() => {
    if (!focusTarget) return;
    const list = listRef.current;
    if (focusTarget.key === null || !list) {
      document.getElementById(inputId)?.focus();
      return;
    }
    const item = list.querySelector(`[data-key="${CSS.escape(focusTarget.key)}"]`);
    const buttons = [focusTarget.action, 'earlier', 'later', 'remove'].map((action) =>
      item?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`),
    );
    buttons.find((button) => button && !button.disabled)?.focus();
  }, [focusTarget, inputId]);

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again still counts as a change.
    event.target.value = '';
    const problems = await Promise.all(files.map(imageFileProblem));
    for (const problem of new Set(problems)) if (problem) toast.error(problem);
    const usable = files.filter((_, index) => problems[index] === null);
    const room = MAX_ITEM_IMAGES - images.length;
    if (usable.length > room) toast.error(TEXT.items.tooManyImages);
    const added = usable.slice(0, Math.max(room, 0)).map((file): PickedImage => {
      const previewUrl = URL.createObjectURL(file);
      return { kind: 'new', file, key: previewUrl, previewUrl };
    });
    if (added.length > 0) onChange([...images, ...added]);
  };

  const move = (index: number, offset: -1 | 1) => {
    const next = [...images];
    const [image] = next.splice(index, 1);
    if (!image) return;
    next.splice(index + offset, 0, image);
    onChange(next);
    setFocusTarget({ key: image.key, action: offset < 0 ? 'earlier' : 'later' });
  };

  const remove = (index: number) => {
    const image = images[index];
    if (!image) return;
    revoke(image);
    const next = images.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? { key: neighbour.key, action: 'remove' } : { key: null });
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {t.images}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple
        disabled={disabled}
        onChange={(event) => void addFiles(event)}
        aria-invalid={invalid || undefined}
        aria-describedby={hintId}
        className={`rounded-lg border bg-white text-sm text-stone-700 shadow-sm file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-stone-300 file:bg-stone-100 file:px-3 file:py-2.5 file:font-medium file:text-stone-800 hover:file:bg-stone-200 ${
          invalid ? 'border-red-500' : 'border-stone-300'
        }`}
      />
      <p id={hintId} className="text-sm text-stone-600">
        {t.imagesHint({ count: images.length, max: MAX_ITEM_IMAGES })}
      </p>
      {images.length > 0 && (
        <ul ref={listRef} className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {images.map((image, index) => {
            const position = index + 1;
            return (
              <li
                key={image.key}
                data-key={image.key}
                className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
              >
                <img src={image.previewUrl} alt={t.imageAlt({ position })} className="aspect-square w-full object-cover" />
                <div className="flex items-center justify-between gap-1 p-1.5">
                  <div className="flex gap-1">
                    <PickerButton
                      action="earlier"
                      label={t.moveEarlier({ position })}
                      disabled={disabled || index === 0}
                      onClick={() => {
                        move(index, -1);
                      }}
                    >
                      <ChevronLeft aria-hidden="true" className="size-4" />
                    </PickerButton>
                    <PickerButton
                      action="later"
                      label={t.moveLater({ position })}
                      disabled={disabled || index === images.length - 1}
                      onClick={() => {
                        move(index, 1);
                      }}
                    >
                      <ChevronRight aria-hidden="true" className="size-4" />
                    </PickerButton>
                  </div>
                  <PickerButton
                    action="remove"
                    label={t.removeImage({ position })}
                    disabled={disabled}
                    onClick={() => {
                      remove(index);
                    }}
                    danger
                  >
                    <X aria-hidden="true" className="size-4" />
                  </PickerButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

interface PickerButtonProps {
  action: 'earlier' | 'later' | 'remove';
  label: string;
  disabled: boolean;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}

function PickerButton({ action, label, disabled, onClick, danger = false, children }: PickerButtonProps) {
  return (
    <button
      type="button"
      data-action={action}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`rounded-md p-1.5 text-stone-700 disabled:opacity-40 ${
        danger ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-stone-100'
      }`}
    >
      {children}
    </button>
  );
}
