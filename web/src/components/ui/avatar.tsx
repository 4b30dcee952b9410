interface AvatarProps {
  photoUrl: string | null;
  initial: string;
  className?: string;
}

/** Always next to the member's name, so the picture itself stays silent for screen readers. */
export function Avatar({ photoUrl, initial, className = 'size-10' }: AvatarProps) {
  if (photoUrl) {
    return <img src={photoUrl} alt="" className={`shrink-0 rounded-full object-cover ${className}`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800 ${className}`}
    >
      {initial}
    </span>
  );
}
