import type { PublicProfile } from '@swapyard/contract';
import { TEXT } from '@swapyard/contract';
import { MapPin, Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { MemberTrust } from '../../../components/member-trust.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { memberInitial, memberName } from '../../../lib/current-user.ts';
import { PROFILES_TEXT } from '../texts.ts';

const t = PROFILES_TEXT;

interface ProfileHeaderProps {
  profile: PublicProfile;
  /** Edit Profile on one's own profile, Send Message on another's. */
  action: ReactNode;
}

export function ProfileHeader({ profile, action }: ProfileHeaderProps) {
  return (
    <div className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center">
      <Avatar photoUrl={profile.photoUrl} initial={memberInitial(profile)} className="size-20 text-2xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900">{memberName(profile)}</h1>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-600">
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {profile.location || TEXT.profile.noLocation}
          </li>
          <li className="flex items-center gap-1.5">
            <Package aria-hidden="true" className="size-4 shrink-0" />
            {t.itemCount({ count: profile.itemCount })}
          </li>
        </ul>
        <MemberTrust profile={profile} />
      </div>
      <div className="shrink-0">{action}</div>
    </div>
  );
}
