import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatCardProps {
  to: string;
  label: string;
  value: ReactNode;
  icon: LucideIcon;
}

export function StatCard({ to, label, value, icon: Icon }: StatCardProps) {
  return (
    <Link
      to={to}
      className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm transition-shadow hover:shadow-md sm:p-5"
    >
      {/* Three across on a phone, so the dashboard's own content starts on the first screen. */}
      <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700 sm:flex">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-xs font-medium text-stone-600 sm:text-sm">{label}</span>
        <span className="text-xl font-bold text-stone-900 sm:text-2xl">{value}</span>
      </span>
    </Link>
  );
}
