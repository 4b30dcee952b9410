import { TEXT } from '@swapyard/contract';
import { MessageCircle, Pencil } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { memberName, useCurrentUser } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/document-title.ts';
import { useMemberProfile } from '../../../api/member-profile.ts';
import { isNotFound } from '../../../lib/not-found.ts';
import { useOpenConversation } from '../../../api/open-conversation.ts';
import { useReport } from '../../../api/report.ts';
import { OnDemand } from '../../../components/on-demand.tsx';
import { ReportButton } from '../../../components/report-dialog.tsx';
import { withTexts } from '../../../lib/language.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { PROFILES_TEXT } from '../texts.ts';
import { MemberItems } from '../components/member-items.tsx';
import { ProfileBlockButton } from '../components/profile-block-button.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { ReceivedRatings } from '../components/received-ratings.tsx';

const t = PROFILES_TEXT;

// The form (with the schema library, the form library and the place picker, about 40 KB) comes when
// it is opened: most visits to a profile are to someone else's, which never show it.
const loadProfileForm = () => withTexts(import('../components/profile-form.tsx'));

export function ProfilePage() {
  const { id } = useParams();
  const user = useCurrentUser();
  const memberId = id ?? user.id;
  // Keyed: moving from one member's profile to another's starts afresh, with no form left open.
  return <MemberProfile key={memberId} memberId={memberId} isOwn={memberId === user.id} />;
}

function MemberProfile({ memberId, isOwn }: { memberId: string; isOwn: boolean }) {
  const { data: profile, error, refetch } = useMemberProfile(memberId);
  const [editing, setEditing] = useState(false);
  const openConversation = useOpenConversation();
  const report = useReport();
  const formId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const failed = error && !profile && !isNotFound(error) ? errorMessage(error, TEXT.errors.internal) : null;
  useErrorToast(failed);
  usePageTitle(profile && memberName(profile));

  if (!profile) {
    if (error && isNotFound(error)) {
      return (
        <EmptyState
          titleAs="h1"
          title={TEXT.profile.notFound}
          action={
            <Link to="/" className={buttonClassName('primary')}>
              {WEB_TEXT.notFound.backHome}
            </Link>
          }
        />
      );
    }
    if (failed) return <LoadFailed titleAs="h1" message={failed} onRetry={() => void refetch()} />;
    return <LoadingState label={TEXT.shell.loading} className="py-16" />;
  }

  const closeForm = () => {
    setEditing(false);
    // The form's buttons vanish with it; the keyboard goes back to where it came from.
    editButton.current?.focus();
  };

  return (
    <div className="flex flex-col gap-8">
      <ProfileHeader
        profile={profile}
        action={
          isOwn ? (
            <Button
              ref={editButton}
              variant="secondary"
              aria-expanded={editing}
              aria-controls={editing ? formId : undefined}
              onClick={() => {
                setEditing((open) => !open);
              }}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t.editProfile}
            </Button>
          ) : (
            <div className="flex flex-wrap gap-3">
              <Button
                variant="secondary"
                loading={openConversation.isPending}
                onClick={() => openConversation.mutate({ otherUserId: profile.id })}
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                {t.sendMessage}
              </Button>
              <ProfileBlockButton profile={profile} />
              <ReportButton targetType="user" targetId={profile.id} sender={report} />
            </div>
          )
        }
      />
      {editing ? (
        // The Edit button controls this from its click, while the form's code may still be on its way.
        <div id={formId}>
          <OnDemand load={loadProfileForm} loadingLabel={t.loadingForm} failedMessage={t.formLoadFailed}>
            {({ ProfileForm }) => <ProfileForm profile={profile} onClose={closeForm} />}
          </OnDemand>
        </div>
      ) : (
        <section className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-stone-900">{t.about}</h2>
          <p className="whitespace-pre-line text-stone-700">{profile.bio || TEXT.profile.noBio}</p>
        </section>
      )}
      <MemberItems memberId={memberId} isOwn={isOwn} />
      <ReceivedRatings memberId={memberId} />
    </div>
  );
}
