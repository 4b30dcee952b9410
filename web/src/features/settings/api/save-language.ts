import type { CurrentUser, LanguageBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';
import { switchLanguage } from '../../../lib/language.ts';
import { toast } from '../../../lib/toast.ts';
import { SETTINGS_TEXT } from '../texts.ts';

const t = SETTINGS_TEXT.language;

export function saveLanguage(body: LanguageBody): Promise<void> {
  return apiRequest<void>('/me/language', { method: 'PUT', body });
}

/**
 * Kept on the account first, then shown: a failed save leaves the page as it was. The toasts are
 * the mutation's own, not the section's: the switch draws the page again, section included.
 */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LanguageBody) => {
      await saveLanguage(body);
      queryClient.setQueryData<CurrentUser | null>(currentUserQuery.queryKey, (user) => user && { ...user, locale: body.locale });
      await switchLanguage(body.locale);
    },
    // Read after the switch: said in the language just chosen.
    onSuccess: () => toast.success(t.saved),
    onError: (error) => toast.error(errorMessage(error, t.failed)),
  });
}
