import { STARTING_POINTS } from '@swapyard/contract';

/**
 * The community's terms, in plain words. The community rules of the trust and safety work may
 * replace them; until then they say what a member agrees to at registration.
 */
export const TERMS_TEXT = {
  heading: 'Terms and Conditions',
  updated: 'Last updated November 2026',
  sections: [
    {
      title: 'What Swapyard is',
      body: [
        'Swapyard is a community where members swap items and services with each other. Swapyard itself sells nothing and is not a party to any swap: every swap is an agreement between the two members who make it.',
      ],
    },
    {
      title: 'Points',
      body: [
        `Every new member starts with ${String(STARTING_POINTS)} points. Points move only when a member accepts a swap proposal that offers them.`,
        'Points have no cash value. They cannot be bought, sold or exchanged for money, and they end with the account.',
      ],
    },
    {
      title: 'Listings',
      body: [
        'List only what is yours to give, describe it honestly, and use your own pictures. Nothing illegal, dangerous, stolen or counterfeit; no weapons, drugs, medicines, alcohol, tobacco, live animals or adult content.',
        'A listing with pending proposals that you change or delete withdraws those proposals, so nobody swaps for something other than what they were offered.',
      ],
    },
    {
      title: 'Swaps and meeting up',
      body: [
        'Agree the details in the chat before you accept. Meet in a public place, check an item before you take it, and never send money or personal documents to another member.',
        'Once a proposal is accepted, the items and points it names change hands in the app at once; handing the items over is up to the two members.',
      ],
    },
    {
      title: 'Behaviour',
      body: [
        'Be kind and honest. No harassment, hate, spam, scams or pressure. Ratings describe the swap, not the person.',
        'We may remove listings, messages or accounts that break these terms, and may limit how often an account can act to keep the community safe.',
      ],
    },
    {
      title: 'Your data',
      body: [
        'We keep what you give us to run the community: your account, profile, listings, proposals, messages, ratings and points history. Other members see your profile, listings and ratings, and the messages you send them. We never sell your data and send no advertising.',
      ],
    },
  ],
  backToRegister: 'Back to registration',
} as const;
