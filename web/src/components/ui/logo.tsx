interface LogoProps {
  className?: string;
}

/** Inline rather than an icon import, so the sign-in screen loads no icon library. */
export function Logo({ className = 'size-7' }: LogoProps) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx="8" className="fill-emerald-600" />
      <path
        d="M9 12h12l-3-3M23 20H11l3 3"
        fill="none"
        stroke="white"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
