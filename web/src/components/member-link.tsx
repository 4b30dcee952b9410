import type { MemberSummary } from '@swapyard/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TextLink } from './ui/text-link.tsx';

interface MemberLinkProps {
  member: MemberSummary;
  /** In the run of a sentence: styled as a text link. */
  inline?: boolean;
  className?: string;
  children: ReactNode;
}

/** What stands for a member, linked to their profile; a former member has no profile left, so it is plain text. */
export function MemberLink({ member, inline = false, className, children }: MemberLinkProps) {
  if (member.former) return <span className={className}>{children}</span>;
  const Anchor = inline ? TextLink : Link;
  return (
    <Anchor to={`/profile/${member.id}`} className={className}>
      {children}
    </Anchor>
  );
}
