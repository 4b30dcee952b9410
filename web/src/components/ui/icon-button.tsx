import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';

interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children' | 'aria-label'> {
  icon: LucideIcon;
  /** The button's accessible name: it shows only its icon. */
  label: string;
  /** The icon's size. */
  iconClassName?: string;
}

/** A button that is only an icon; each place gives its own look in className. */
export function IconButton({ icon: Icon, label, iconClassName = 'size-5', type = 'button', ...props }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} {...props}>
      <Icon aria-hidden="true" className={iconClassName} />
    </button>
  );
}
