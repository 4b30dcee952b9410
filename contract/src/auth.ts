import { z } from 'zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
} from './constants.ts';
import { LOCALES } from './i18n/locales.ts';
import { placeSummary } from './places.ts';
import { TEXT } from './texts.ts';

const t = TEXT.account;

export const emailField = z
  .string({ error: () => t.emailInvalid })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: () => t.emailInvalid })
  .pipe(z.email({ error: () => t.emailInvalid }));

/** A password a member chooses: at sign-up, with a reset link, or changing it. */
export const newPassword = z
  .string({ error: () => t.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: () => t.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: () => t.passwordTooLong });

/** A new password typed twice: the two must match, and the error shows under the second. */
export function withConfirmedPassword<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T): T {
  return schema.refine((body) => body.password === body.confirmPassword, {
    error: () => t.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
}

export const registerBody = withConfirmedPassword(
  z.object({
    displayName: z
      .string({ error: () => t.nameRequired })
      .trim()
      .min(1, { error: () => t.nameRequired })
      .max(DISPLAY_NAME_MAX_LENGTH, { error: () => t.nameTooLong }),
    email: emailField,
    password: newPassword,
    confirmPassword: z.string({ error: () => t.passwordsDoNotMatch }),
    acceptTerms: z.literal(true, { error: () => t.termsRequired }),
    /** The token of an invite link (/register?invite=...), which an invite-only community asks for. */
    invite: z.string().trim().max(200, { error: () => TEXT.community.inviteUnknown }).optional(),
  }),
);
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: () => t.passwordRequired })
    .min(1, { error: () => t.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: () => t.invalidCredentials }),
  remember: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const resetPasswordBody = withConfirmedPassword(
  z.object({
    token: z.string().min(1, { error: () => t.resetInvalid }).max(200, { error: () => t.resetInvalid }),
    password: newPassword,
    confirmPassword: z.string({ error: () => t.passwordsDoNotMatch }),
  }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Deleting the account: the current password again, checked as sign-in checks it. */
export const deleteAccountBody = z.object({
  password: z
    .string({ error: () => t.passwordRequired })
    .min(1, { error: () => t.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: () => t.currentPasswordWrong }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const currentUser = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
  /** Issue 17: the town `location` names (the marketplace's default "within ... of"); null for text no town matched. */
  place: placeSummary.nullable(),
  points: z.number().int(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  createdAt: z.iso.datetime(),
  role: z.enum(ROLES),
  /** The language the member chose, or signed up in; null for an account older than languages (the community's). */
  locale: z.enum(LOCALES).nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const meResponse = z.object({ user: currentUser });

export const languageBody = z.object({ locale: z.enum(LOCALES, { error: () => TEXT.account.languageUnknown }) });
export type LanguageBody = z.infer<typeof languageBody>;
export type MeResponse = z.infer<typeof meResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
