import { ImagePlus, SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from '../../../lib/image-files.ts';
import { toast } from '../../../lib/toast.ts';
import { CONVERSATION_TEXT } from '../texts.ts';

interface ChatInputProps {
  onSend: (text: string) => void;
  onImage: (file: File) => void;
  /** 0..1 while an image uploads. */
  uploadProgress: number | null;
}

export function ChatInput({ onSend, onImage, uploadProgress }: ChatInputProps) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const blank = text.trim() === '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blank) return;
    onSend(text.trim());
    setText('');
  };

  // Checked when picked: a file the server would refuse is never sent.
  const pickImage = async (file: File) => {
    const problem = await imageFileProblem(file);
    if (problem) toast.error(problem);
    else onImage(file);
  };

  // Enter sends, as in every chat; Shift+Enter keeps a line break.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-stone-200 bg-white p-3">
      {uploadProgress !== null && (
        <progress
          aria-label={CONVERSATION_TEXT.uploading}
          value={uploadProgress}
          max={1}
          className="h-1.5 w-full overflow-hidden rounded accent-emerald-700"
        />
      )}
      <div className="flex items-end gap-2">
        <IconButton
          icon={ImagePlus}
          label={CONVERSATION_TEXT.attachImage}
          onClick={() => fileInput.current?.click()}
          disabled={uploadProgress !== null}
          className="rounded-full p-2.5 text-stone-700 hover:bg-stone-100 disabled:opacity-50"
        />
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void pickImage(file);
          }}
        />
        <label htmlFor={textId} className="sr-only">
          {CONVERSATION_TEXT.messageLabel}
        </label>
        <textarea
          id={textId}
          placeholder={CONVERSATION_TEXT.messagePlaceholder}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-stone-300 px-4 py-2.5 text-sm"
        />
        <IconButton
          icon={SendHorizontal}
          label={CONVERSATION_TEXT.send}
          type="submit"
          disabled={blank}
          className="rounded-full bg-emerald-700 p-2.5 text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50"
        />
      </div>
    </form>
  );
}
