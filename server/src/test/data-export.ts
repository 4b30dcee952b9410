/** The JSON files a member's data export holds after its README.txt, in the archive's order. */
export const EXPORTED_JSON_FILES = [
  'profile.json',
  'listings.json',
  'proposals-sent.json',
  'proposals-received.json',
  'conversations.json',
  'notifications.json',
  'points-ledger.json',
  'ratings-given.json',
  'ratings-received.json',
  'favourites.json',
  'notification-preferences.json',
  'push-devices.json',
  'swap-problems.json',
  'saved-searches.json',
];
