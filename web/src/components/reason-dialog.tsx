import { MODERATION_REASON_MAX_LENGTH, TEXT } from '@swapyard/contract';
import { TextDialog, type TextDialogProps } from './text-dialog.tsx';

type ReasonDialogProps = Omit<TextDialogProps, 'multiline' | 'maxLength' | 'requiredMessage' | 'initialText'>;

/** A moderator's action confirmed with its reason, which is required and kept in the audit log. */
export function ReasonDialog(props: ReasonDialogProps) {
  return <TextDialog {...props} multiline maxLength={MODERATION_REASON_MAX_LENGTH} requiredMessage={TEXT.moderation.reasonRequired} />;
}
