// The card moved to components/ui so the admin's settings share it; the member's settings keep their name for it.
export { SectionCard as SettingsSection } from '../../../components/ui/section-card.tsx';
