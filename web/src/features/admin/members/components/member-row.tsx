import { ROLES, type AdminMember, type Role } from '@swapyard/contract';
import { useId, useState } from 'react';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { TextLink } from '../../../../components/ui/text-link.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatMonthDayYear } from '../../../../lib/format-date.ts';
import { WEB_TEXT } from '../../../../lib/texts.ts';
import { toast } from '../../../../lib/toast.ts';
import { ADMIN_TEXT } from '../../texts.ts';
import { useChangeRole } from '../api/change-role.ts';

const t = ADMIN_TEXT.members;

/** One member: name (to their page), email, when they joined, and their role, which an admin may change. */
export function MemberRow({ member, canChangeRoles }: { member: AdminMember; canChangeRoles: boolean }) {
  const changeRole = useChangeRole();
  // The role picked in the select, waiting for the dialog's confirmation; the select shows the stored role meanwhile.
  const [proposed, setProposed] = useState<Role | null>(null);
  const roleId = useId();

  const close = () => {
    setProposed(null);
  };
  const confirm = async (role: Role) => {
    try {
      await changeRole.mutateAsync({ id: member.id, role });
    } catch (error) {
      toast.error(errorMessage(error, t.changeFailed));
      return;
    } finally {
      close();
    }
    toast.success(t.changed({ name: member.displayName, role }));
  };

  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <TextLink to={`/admin/members/${member.id}`}>
          {member.displayName}
        </TextLink>
        <p className="truncate text-sm text-stone-600">{member.email}</p>
        <p className="text-xs text-stone-600">{t.joined({ date: formatMonthDayYear(member.createdAt) })}</p>
      </div>
      {canChangeRoles ? (
        <>
          <label htmlFor={roleId} className="sr-only">
            {t.roleLabel({ name: member.displayName })}
          </label>
          <select
            id={roleId}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => {
              setProposed(event.target.value as Role);
            }}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm hover:border-stone-400 sm:w-40"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t.roleNames[role]}
              </option>
            ))}
          </select>
        </>
      ) : (
        <Badge tone={member.role === 'member' ? 'neutral' : 'success'}>{t.roleNames[member.role]}</Badge>
      )}
      <Dialog
        open={proposed !== null}
        onClose={close}
        title={proposed ? t.confirmTitle({ name: member.displayName, role: proposed }) : ''}
        description={proposed ? t.confirmBody[proposed] : ''}
      >
        <Button variant="secondary" autoFocus disabled={changeRole.isPending} onClick={close}>
          {WEB_TEXT.common.cancel}
        </Button>
        <Button loading={changeRole.isPending} onClick={() => proposed && void confirm(proposed)}>
          {t.confirm}
        </Button>
      </Dialog>
    </li>
  );
}
