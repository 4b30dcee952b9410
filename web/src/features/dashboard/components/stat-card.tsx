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
      className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <span className="flex flex-col">
        <span className="text-sm font-medium text-stone-600">{label}</span>
        <span className="text-2xl font-bold text-stone-900">{value}</span>
      </span>
    </Link>
  );
}
