import { ITEMS_TEXT } from '../texts.ts';

export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={ITEMS_TEXT.form.uploading}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-emerald-600 transition-[width]" style={{ width: `${String(percent)}%` }} />
      </div>
      <span aria-hidden="true" className="w-12 text-right text-sm tabular-nums text-stone-700">
        {percent}%
      </span>
    </div>
  );
}
