import { TextLink } from '../../../components/ui/text-link.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { TERMS_TEXT, termsSections } from '../terms-text.ts';

export function TermsPage() {
  return (
    <AuthLayout heading={TERMS_TEXT.heading} wide footer={<TextLink to="/register">{TERMS_TEXT.backToRegister}</TextLink>}>
      <p className="text-sm text-stone-600">{TERMS_TEXT.updated}</p>
      {termsSections().map((section) => (
        <section key={section.title} className="flex flex-col gap-2">
          <h2 className="font-semibold text-stone-900">{section.title}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="text-sm leading-relaxed text-stone-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </AuthLayout>
  );
}
