import {
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_RULES_MAX_LENGTH,
  NEW_MEMBER_DAYS_MAX,
  NEW_MEMBER_PER_DAY_MAX,
  TEXT,
  WELCOME_POINTS_MAX,
  JOIN_MODES,
  type CommunitySettings,
} from '@swapyard/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { toast } from '../../../lib/toast.ts';
import { ADMIN_TEXT } from '../texts.ts';
import { useSettings } from './api/get-settings.ts';
import { useUpdateSettings } from './api/update-settings.ts';
import { LanguageOptions } from '../../../components/ui/language-options.tsx';

const t = ADMIN_TEXT.community;

type FormValues = Omit<CommunitySettings, 'allowedDomains'> & { allowedDomains: string };

const toForm = (settings: CommunitySettings): FormValues => ({ ...settings, allowedDomains: settings.allowedDomains.join('\n') });

/** The admin's settings for the whole community; a moderator is told it is not theirs, as the API would. */
export function CommunitySettingsPage() {
  const user = useCurrentUser();
  const settings = useSettings(user.role === 'admin');
  if (user.role !== 'admin') return <Alert tone="error">{TEXT.errors.adminsOnly}</Alert>;
  return (
    <QueryState query={settings} loadingLabel={t.loading} failedMessage={t.loadFailed} loadingClassName="py-12">
      {(data) => <SettingsForm settings={data} />}
    </QueryState>
  );
}

function SettingsForm({ settings }: { settings: CommunitySettings }) {
  const update = useUpdateSettings();
  const { register, handleSubmit, control, reset } = useForm<FormValues>({ defaultValues: toForm(settings) });
  const joinMode = useWatch({ control, name: 'joinMode' });

  const onSubmit = handleSubmit(async ({ allowedDomains, ...values }) => {
    try {
      const saved = await update.mutateAsync({
        ...values,
        allowedDomains: allowedDomains.split(/[\s,]+/).filter((domain) => domain !== ''),
      });
      reset(toForm(saved.settings));
    } catch {
      return; // shown in the banner from the mutation's error
    }
    toast.success(TEXT.community.settingsSaved);
  });

  const number = { valueAsNumber: true } as const;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex max-w-2xl flex-col gap-6">
      {update.isError && <Alert tone="error">{errorMessage(update.error, t.failed)}</Alert>}
      <SectionCard title={t.aboutHeading} description={t.aboutDescription}>
        <Input label={t.nameLabel} required maxLength={COMMUNITY_NAME_MAX_LENGTH} {...register('name')} />
        <Textarea
          label={t.descriptionLabel}
          hint={t.descriptionHint}
          rows={2}
          maxLength={COMMUNITY_DESCRIPTION_MAX_LENGTH}
          {...register('description')}
        />
        <Input label={t.welcomePointsLabel} hint={t.welcomePointsHint} type="number" inputMode="numeric" min={0} max={WELCOME_POINTS_MAX} step={1} {...register('welcomePoints', number)} />
        <Select label={t.languageLabel} hint={t.languageHint} {...register('defaultLocale')}>
          <LanguageOptions />
        </Select>
      </SectionCard>
      <SectionCard title={t.rulesHeading} description={t.rulesDescription}>
        <Textarea label={t.rulesLabel} hint={t.rulesHint} rows={10} maxLength={COMMUNITY_RULES_MAX_LENGTH} {...register('rules')} />
      </SectionCard>
      <SectionCard title={t.joinHeading} description={t.joinDescription}>
        <Select label={t.joinModeLabel} {...register('joinMode')}>
          {JOIN_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t.joinModes[mode]}
            </option>
          ))}
        </Select>
        {joinMode === 'domain' && <Textarea label={t.domainsLabel} hint={t.domainsHint} rows={3} {...register('allowedDomains')} />}
      </SectionCard>
      <SectionCard title={t.limitsHeading} description={t.limitsDescription}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Input label={t.newMemberDaysLabel} type="number" inputMode="numeric" min={0} max={NEW_MEMBER_DAYS_MAX} step={1} {...register('newMemberDays', number)} />
          <Input label={t.listingsLabel} type="number" inputMode="numeric" min={0} max={NEW_MEMBER_PER_DAY_MAX} step={1} {...register('newMemberListingsPerDay', number)} />
          <Input
            label={t.conversationsLabel}
            type="number"
            inputMode="numeric"
            min={0}
            max={NEW_MEMBER_PER_DAY_MAX}
            step={1}
            {...register('newMemberConversationsPerDay', number)}
          />
        </div>
      </SectionCard>
      <Button type="submit" loading={update.isPending} className="self-start">
        {t.save}
      </Button>
    </form>
  );
}
