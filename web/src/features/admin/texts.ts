/** Texts only the admin pages show; one block per section. */
export const ADMIN_TEXT = {
  heading: 'Admin',
  sectionsLabel: 'Admin sections',
  sections: {
    reports: 'Reports',
    members: 'Members',
    invites: 'Invites',
    audit: 'Audit log',
    settings: 'Community settings',
  },
} as const;
