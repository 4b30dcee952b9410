import type { Category, ProposalStatus } from '@swapyard/contract';

/**
 * The demo community of Millbrook: who lives there, what they list, what they propose and say.
 * Every address is on a reserved domain, so a seed can tell its own members from real ones.
 */
export const DEMO_EMAIL_DOMAIN = 'demo.swapyard.example';
export const DEMO_PASSWORD = 'swapyard-demo';

export const demoEmail = (key: string) => `${key}@${DEMO_EMAIL_DOMAIN}`;

export const MEMBERS = [
  { key: 'maya', name: 'Maya Okafor', location: 'Leeds', bio: 'Primary school teacher, weekend potter and serial declutterer. Happy to swap books, plants and anything for the kitchen.' },
  { key: 'tom', name: 'Tom Becker', location: 'York', bio: 'Bike mechanic by day. I fix bikes for points and always need bits for my allotment shed.' },
  { key: 'priya', name: 'Priya Nair', location: 'Leeds', bio: 'Software developer and board-game hoarder. Trying to own fewer, better things.' },
  { key: 'kofi', name: 'Kofi Mensah', location: 'Manchester', bio: 'I run the Saturday football club for under-12s and collect kit for the kids who need it.' },
  { key: 'zoe', name: 'Zoë Kowalski', location: 'London', bio: 'Vintage clothes, sewing repairs and alterations. If it has a missing button, bring it over.' },
  { key: 'wen', name: 'Wen Li', location: 'York', bio: 'PhD student moving abroad in June: everything in my flat needs a new home.' },
  { key: 'sam', name: 'Sam Hughes', location: 'Harrogate', bio: 'Carpenter. I rescue old furniture and give it a second life.' },
  { key: 'elena', name: 'Elena Rossi', location: 'Leeds', bio: 'Italian tutor and keen cook. I will happily trade lessons for garden vegetables.' },
  { key: 'jonas', name: 'Jonas Berg', location: 'Berlin', bio: 'Photographer and gadget tinkerer, swapping the camera gear I no longer use.' },
  { key: 'aisha', name: 'Aisha Rahman', location: 'Manchester', bio: 'New in town with two toddlers: outgrown clothes and toys out, sanity in.' },
  { key: 'david', name: 'David Clarke', location: 'Bristol', bio: 'Retired engineer. Glad to help with small electrical repairs and flat-pack assembly.' },
  { key: 'lucia', name: 'Lucía Fernández', location: 'Dublin', bio: 'Yoga teacher and climber. Swapping gear, books and the odd class.' },
] as const;

export type MemberKey = (typeof MEMBERS)[number]['key'];

/** The accounts the README suggests: one has proposals and messages waiting, the other a bike to sell. */
export const SUGGESTED_ACCOUNTS: MemberKey[] = ['maya', 'tom'];

export interface DemoListing {
  owner: MemberKey;
  title: string;
  value: number;
  description: string;
}

export const LISTINGS = {
  Electronics: [
    { owner: 'jonas', title: 'Canon EOS 600D camera body', value: 120, description: 'Shutter count around 18,000. Comes with two batteries and the charger; no lens.' },
    { owner: 'jonas', title: '50mm f/1.8 lens (Canon EF)', value: 60, description: 'Sharp and fast. A small mark on the hood, the glass is clean.' },
    { owner: 'priya', title: 'Mechanical keyboard, brown switches', value: 45, description: 'Full size, USB-C. A few keycaps are slightly shiny from use.' },
    { owner: 'wen', title: '27-inch monitor', value: 80, description: '1440p IPS panel with its stand. I am moving abroad and cannot take it.' },
    { owner: 'david', title: 'Bluetooth speaker', value: 25, description: 'Loud enough for a garden party, about eight hours on a charge.' },
    { owner: 'jonas', title: 'Kindle Paperwhite', value: 40, description: 'The waterproof model, with a fabric cover. The battery still lasts weeks.' },
    { owner: 'david', title: 'Soldering station', value: 30, description: 'Temperature-controlled, spare tips included. Ideal for hobby electronics.' },
    { owner: 'priya', title: 'Nintendo Switch Lite', value: 90, description: 'Turquoise, with a case and screen protector. Two games included.' },
    { owner: 'aisha', title: 'Baby monitor with camera', value: 35, description: 'Night vision and two-way talk. Our youngest is in a big bed now.' },
    { owner: 'kofi', title: 'Portable projector', value: 55, description: 'Used for the club film nights. HDMI in; bring your own speaker.' },
  ],
  Furniture: [
    { owner: 'sam', title: 'Restored oak armchair', value: 110, description: 'Re-glued frame, new webbing and a wool cover in mustard yellow.' },
    { owner: 'sam', title: 'Pine bookshelf, five shelves', value: 45, description: 'Sanded and waxed, 180 cm tall. Wall fixings included.' },
    { owner: 'wen', title: 'Desk with drawer unit', value: 40, description: 'White, 120 x 60 cm. It comes apart for moving and I can help.' },
    { owner: 'maya', title: 'Set of four bistro chairs', value: 60, description: 'Folding metal chairs in sage green, happy outdoors.' },
    { owner: 'sam', title: 'Mid-century coffee table', value: 85, description: 'Teak veneer with tapered legs. One small ring mark on top.' },
    { owner: 'wen', title: 'Single bed frame', value: 35, description: 'Metal frame with slats, no mattress. Collection from near York station.' },
    { owner: 'aisha', title: 'Toddler bed with guard rail', value: 30, description: 'Takes a cot mattress. A few stickers we could not get off.' },
    { owner: 'elena', title: 'Kitchen dresser', value: 95, description: 'Painted cream, with a plate rack on top and two cupboards below.' },
    { owner: 'david', title: 'Garden bench', value: 50, description: 'Hardwood, seats three. Oiled last spring.' },
    { owner: 'lucia', title: 'Floor lamp with linen shade', value: 25, description: 'Warm light, 150 cm tall, with a foot switch.' },
  ],
  Clothing: [
    { owner: 'zoe', title: '1970s suede jacket', value: 70, description: 'Tan suede, size M, lining replaced. Looks great with jeans.' },
    { owner: 'zoe', title: 'Hand-knitted wool jumper', value: 40, description: 'Chunky cable knit in forest green, fits S to M.' },
    { owner: 'aisha', title: 'Bag of toddler clothes, 2-3 years', value: 25, description: 'About thirty pieces: tops, leggings and two coats. All washed.' },
    { owner: 'kofi', title: 'Football boots, size 6 (kids)', value: 15, description: 'Worn for half a season. The studs are in good shape.' },
    { owner: 'lucia', title: 'Waterproof hiking jacket', value: 55, description: "Women's M, taped seams and a packable hood." },
    { owner: 'wen', title: "Winter coat, men's L", value: 45, description: 'Wool blend in charcoal. Too warm for where I am going.' },
    { owner: 'zoe', title: 'Silk scarves, set of three', value: 20, description: 'Vintage prints, no snags.' },
    { owner: 'tom', title: 'Cycling rain cape', value: 15, description: 'Bright yellow with reflective strips, one size.' },
    { owner: 'maya', title: 'Linen summer dress', value: 30, description: 'Size 12 in terracotta, worn twice.' },
    { owner: 'kofi', title: 'Team kit, twelve shirts', value: 40, description: 'Red and white, numbered 1 to 12, sizes 10 to 12 years.' },
  ],
  Books: [
    { owner: 'maya', title: "Box of children's picture books", value: 20, description: 'About 25 books for ages 3 to 6. Some well loved.' },
    { owner: 'elena', title: 'Italian cookbook collection', value: 30, description: 'Four books, the Silver Spoon among them. The sauce stains are a feature.' },
    { owner: 'priya', title: 'Clean Code and The Pragmatic Programmer', value: 25, description: 'Both paperbacks, lightly highlighted.' },
    { owner: 'maya', title: 'Complete Harry Potter set', value: 45, description: 'All seven paperbacks, spines a little creased.' },
    { owner: 'lucia', title: 'Climbing guidebook, Peak District', value: 15, description: 'The 2019 edition, with a few route notes in pencil.' },
    { owner: 'david', title: 'Haynes manual, VW Golf Mk5', value: 10, description: 'Covers 2004 to 2008. Oily thumbprints included.' },
    { owner: 'elena', title: 'Italian grammar and workbook', value: 15, description: 'Beginner to intermediate, answers in the back, unused.' },
    { owner: 'wen', title: 'Organic chemistry textbooks', value: 35, description: 'Clayden, second edition, with the solutions manual.' },
    { owner: 'jonas', title: 'Photography: a visual history', value: 20, description: 'Large hardback, like new.' },
    { owner: 'priya', title: 'Science fiction paperbacks', value: 20, description: 'Fifteen titles: Le Guin, Banks, Chiang and more.' },
  ],
  Sports: [
    { owner: 'tom', title: 'Steel road bike, 56 cm', value: 140, description: 'Reynolds 531 frame, new tyres and chain, serviced last month.' },
    { owner: 'lucia', title: 'Climbing shoes, EU 39', value: 30, description: 'Resoled once, plenty of life left.' },
    { owner: 'lucia', title: 'Yoga mat and two blocks', value: 15, description: 'Non-slip mat and two cork blocks.' },
    { owner: 'kofi', title: 'Training cones and bibs', value: 12, description: 'Ten cones and ten bibs from the club’s old kit bag.' },
    { owner: 'tom', title: "Kids' bike, 20-inch wheels", value: 45, description: 'For ages 6 to 9. The gears work and the brake pads are new.' },
    { owner: 'priya', title: 'Tennis racket with cover', value: 25, description: 'Grip size 3, restrung this year.' },
    { owner: 'david', title: 'Fishing rod and reel', value: 30, description: 'Two-piece carp rod; the reel has line on it.' },
    { owner: 'sam', title: 'Adjustable dumbbells', value: 50, description: '2.5 to 24 kg each, with a stand.' },
    { owner: 'aisha', title: 'Wooden balance bike', value: 20, description: 'For ages 2 to 4.' },
    { owner: 'jonas', title: 'Two-person camping tent', value: 40, description: 'Pitched five times, all pegs present.' },
  ],
  Services: [
    { owner: 'tom', title: 'Bike service and tune-up', value: 30, description: 'Gears, brakes, a chain clean and a safety check. Bring it to my workshop in York; usually done the same day.' },
    { owner: 'elena', title: 'Italian lesson, one hour', value: 20, description: 'Conversation or grammar, beginners welcome. At my kitchen table or online.' },
    { owner: 'david', title: 'Flat-pack furniture assembly', value: 25, description: 'I bring my own tools. Most wardrobes take under two hours.' },
    { owner: 'zoe', title: 'Clothing alterations and repairs', value: 15, description: 'Hems, zips, buttons and patches. Back within a week.' },
    { owner: 'priya', title: 'Help setting up a laptop or phone', value: 15, description: 'Backups, email, passwords, and getting rid of junk software.' },
    { owner: 'sam', title: 'Furniture restoration advice', value: 20, description: 'I look at your piece and tell you what it needs, and whether it is worth it.' },
    { owner: 'lucia', title: 'Private yoga class', value: 25, description: 'One to one or with a friend, sixty minutes, mats provided.' },
    { owner: 'kofi', title: 'Football coaching for kids', value: 20, description: 'An hour of drills and games for up to six children.' },
    { owner: 'maya', title: 'Homework help, primary maths', value: 15, description: 'Patient and practical, an hour after school.' },
    { owner: 'jonas', title: 'Portrait photo session', value: 50, description: 'Thirty minutes outdoors and ten edited photos.' },
  ],
  Other: [
    { owner: 'maya', title: 'Houseplant cuttings', value: 5, description: 'Pothos, spider plant and monstera, already rooted.' },
    { owner: 'priya', title: 'Board game bundle', value: 40, description: 'Carcassonne, Ticket to Ride and Azul, every piece counted.' },
    { owner: 'elena', title: 'Pasta machine', value: 20, description: 'Hand-cranked, clamps to the table, with the ravioli attachment.' },
    { owner: 'wen', title: 'Rice cooker', value: 20, description: 'Five cups, the non-stick bowl in good shape.' },
    { owner: 'tom', title: 'Allotment tools', value: 25, description: 'Spade, fork, hoe, and a wheelbarrow with a new tyre.' },
    { owner: 'aisha', title: 'Wooden train set', value: 30, description: 'About sixty pieces of track, two bridges and three trains.' },
    { owner: 'david', title: 'Cordless drill', value: 35, description: '18 V with two batteries and a set of bits.' },
    { owner: 'zoe', title: 'Sewing machine', value: 60, description: 'A serviced Singer, with a box of threads.' },
    { owner: 'jonas', title: 'Vinyl records, twenty albums', value: 40, description: 'Mostly seventies soul and jazz; the sleeves are in decent shape.' },
    { owner: 'sam', title: 'Reclaimed timber offcuts', value: 10, description: 'Oak and pine, good for shelves and small projects.' },
  ],
} as const satisfies Record<Category, readonly DemoListing[]>;

export type ListingTitle = (typeof LISTINGS)[Category][number]['title'];

export interface DemoRating {
  stars: number;
  comment: string;
}

export interface DemoProposal {
  sender: MemberKey;
  item: ListingTitle;
  offerItem?: ListingTitle;
  points: number;
  message: string;
  /** A reversed swap takes a moderator and a reported problem: the demo has none. */
  status: Exclude<ProposalStatus, 'reversed'>;
  /** With status 'countered': the owner's answer, asking other points; it waits for the sender. */
  counter?: { points: number; message: string };
  /** After an accepted swap: what each side thought of the other, if they said. */
  senderRating?: DemoRating;
  receiverRating?: DemoRating;
}

/** Sent in this order: the accepted swaps first, so no later proposal asks for an item already gone. */
export const PROPOSALS: DemoProposal[] = [
  {
    sender: 'maya',
    item: 'Bike service and tune-up',
    points: 30,
    message: 'My gears slip on every hill. Could you fit me in this week?',
    status: 'accepted',
    senderRating: { stars: 5, comment: 'The bike runs like new, and Tom explained everything he did.' },
    receiverRating: { stars: 5, comment: 'Friendly and right on time.' },
  },
  {
    sender: 'priya',
    item: 'Kindle Paperwhite',
    offerItem: 'Science fiction paperbacks',
    points: 20,
    message: 'My paperbacks plus 20 points for the Kindle? Fewer, better things!',
    status: 'accepted',
    senderRating: { stars: 4, comment: 'Kindle as described; the cover is a bit worn.' },
    receiverRating: { stars: 5, comment: 'Great books, thank you!' },
  },
  {
    sender: 'aisha',
    item: 'Pine bookshelf, five shelves',
    points: 45,
    message: 'This would be perfect for the kids’ room. Could I collect on Saturday?',
    status: 'accepted',
    senderRating: { stars: 5, comment: 'Beautifully finished, and Sam helped carry it to the car.' },
    receiverRating: { stars: 5, comment: '' },
  },
  {
    sender: 'lucia',
    item: '1970s suede jacket',
    offerItem: 'Floor lamp with linen shade',
    points: 40,
    message: 'I love this jacket. My lamp and 40 points?',
    status: 'accepted',
    senderRating: { stars: 5, comment: 'Even better in person.' },
    receiverRating: { stars: 4, comment: 'Lovely lamp, a little dusty.' },
  },
  {
    sender: 'elena',
    item: 'Garden bench',
    offerItem: 'Pasta machine',
    points: 30,
    message: 'For the bench: my pasta machine and 30 points. I will teach you ravioli too.',
    status: 'accepted',
    senderRating: { stars: 5, comment: 'Sturdy and comfortable, exactly as described.' },
  },
  {
    sender: 'tom',
    item: 'Houseplant cuttings',
    points: 5,
    message: 'The shed needs some green. Can I take the monstera?',
    status: 'accepted',
    senderRating: { stars: 5, comment: 'Already putting out new leaves.' },
  },
  { sender: 'wen', item: 'Mid-century coffee table', points: 20, message: 'Would you take 20 points? I know it is a cheeky offer.', status: 'declined' },
  { sender: 'jonas', item: 'Steel road bike, 56 cm', offerItem: '50mm f/1.8 lens (Canon EF)', points: 0, message: 'My lens for your bike? It is a lovely lens.', status: 'declined' },
  { sender: 'kofi', item: 'Nintendo Switch Lite', points: 40, message: 'For the club’s rainy-day box. Would 40 points do?', status: 'declined' },
  { sender: 'aisha', item: "Box of children's picture books", points: 20, message: 'My two would love these!', status: 'cancelled' },
  { sender: 'david', item: 'Canon EOS 600D camera body', points: 80, message: 'For my grandson, who has caught the photography bug.', status: 'cancelled' },
  { sender: 'zoe', item: 'Kitchen dresser', offerItem: 'Sewing machine', points: 0, message: 'My sewing machine for your dresser?', status: 'cancelled' },
  {
    sender: 'priya',
    item: 'Set of four bistro chairs',
    offerItem: 'Board game bundle',
    points: 10,
    message: 'The board games and 10 points for the chairs? Games night needs seats.',
    status: 'pending',
  },
  { sender: 'kofi', item: 'Complete Harry Potter set', points: 30, message: 'My daughter has just discovered Harry Potter. Would 30 points do?', status: 'pending' },
  {
    sender: 'maya',
    item: 'Restored oak armchair',
    offerItem: 'Linen summer dress',
    points: 60,
    message: 'I have wanted a reading chair for years. My dress and 60 points?',
    status: 'pending',
  },
  {
    sender: 'david',
    item: "Kids' bike, 20-inch wheels",
    points: 40,
    message: 'For my granddaughter’s seventh birthday. Would 40 points do?',
    status: 'countered',
    counter: { points: 50, message: 'It has new tyres and a bell: would you meet me at 50?' },
  },
  { sender: 'aisha', item: 'Football boots, size 6 (kids)', points: 15, message: 'For my nephew, who starts at your club next month.', status: 'pending' },
];

export interface DemoConversation {
  /** The two members; the first one writes first. */
  between: [MemberKey, MemberKey];
  about?: ListingTitle;
  /** Who says what, in order; a message with a picture shows that listing's second view. */
  messages: { from: MemberKey; text: string; picture?: ListingTitle }[];
  /** Members who have not opened it since the last message. */
  unreadBy?: MemberKey[];
}

/**
 * What members saved (issue 17), before the proposals are answered: Maya's Kindle goes to Priya,
 * so Maya is told it was swapped; the rest stay on her Favourites page.
 */
export const FAVOURITES: { member: MemberKey; items: ListingTitle[] }[] = [
  { member: 'maya', items: ['Kindle Paperwhite', 'Sewing machine', 'Steel road bike, 56 cm', 'Pasta machine', 'Board game bundle'] },
  { member: 'tom', items: ['Cordless drill', 'Two-person camping tent', 'Set of four bistro chairs'] },
  { member: 'priya', items: ['Vinyl records, twenty albums', 'Restored oak armchair'] },
  { member: 'aisha', items: ['Garden bench', "Kids' bike, 20-inch wheels"] },
];

/**
 * Saved searches (issue 17), made before anything is listed, so the listings that follow match them
 * and their members find alerts and new-match counts waiting.
 */
export const SAVED_SEARCHES: { member: MemberKey; name: string; filters: { q?: string; category?: string; maxValue?: number } }[] = [
  { member: 'maya', name: 'Bikes', filters: { q: 'bike' } },
  { member: 'maya', name: 'Chairs under 80 points', filters: { q: 'chair', maxValue: 80 } },
  { member: 'tom', name: 'Camping gear', filters: { q: 'camping' } },
  { member: 'priya', name: 'Books', filters: { category: 'Books' } },
  { member: 'aisha', name: 'Kids', filters: { q: 'kids' } },
];

export const CONVERSATIONS: DemoConversation[] = [
  {
    between: ['maya', 'tom'],
    about: 'Bike service and tune-up',
    messages: [
      { from: 'maya', text: 'Hi Tom! My gears slip on the hills. Could you have a look this week?' },
      { from: 'tom', text: 'Sure, bring it on Thursday after five. Sounds like the cable needs adjusting.' },
      { from: 'maya', text: 'Perfect, see you then.' },
      { from: 'tom', text: 'All done: a new gear cable and brake pads. It is ready when you are.' },
      { from: 'maya', text: 'Thank you so much! Picking it up tomorrow.' },
    ],
  },
  {
    between: ['priya', 'maya'],
    about: 'Set of four bistro chairs',
    messages: [
      { from: 'priya', text: 'Hi Maya, are the bistro chairs still available?' },
      { from: 'maya', text: 'They are! Do you want to come and try them?' },
      { from: 'priya', text: 'Yes please. I have sent a proposal: the board games plus 10 points. Saturday morning?' },
    ],
    unreadBy: ['maya'],
  },
  {
    between: ['kofi', 'maya'],
    about: 'Complete Harry Potter set',
    messages: [{ from: 'kofi', text: 'Hello! Are the Harry Potter books all in English? My daughter is desperate to start.' }],
    unreadBy: ['maya'],
  },
  {
    between: ['jonas', 'priya'],
    about: 'Kindle Paperwhite',
    messages: [
      { from: 'priya', text: 'Is the cover very worn? Could you send a picture?' },
      { from: 'jonas', text: 'Here it is: a little rubbed at one corner.', picture: 'Kindle Paperwhite' },
      { from: 'priya', text: 'Looks fine to me. Deal!' },
    ],
  },
  {
    between: ['aisha', 'sam'],
    about: 'Pine bookshelf, five shelves',
    messages: [
      { from: 'aisha', text: 'Would the bookshelf fit in a hatchback?' },
      { from: 'sam', text: 'With the back seats folded down, yes. I can help you load it.' },
      { from: 'aisha', text: 'Great, thanks Sam!' },
    ],
  },
  {
    between: ['lucia', 'zoe'],
    about: '1970s suede jacket',
    messages: [
      { from: 'lucia', text: 'Is the jacket closer to a 10 or a 12?' },
      { from: 'zoe', text: 'More like a 12; the shoulders are roomy.' },
      { from: 'lucia', text: 'Lovely. I will send a proposal with my lamp.' },
    ],
  },
  {
    between: ['david', 'tom'],
    about: "Kids' bike, 20-inch wheels",
    messages: [
      { from: 'david', text: 'Hi Tom, would the bike suit a seven-year-old, about 125 cm tall?' },
      { from: 'tom', text: 'Yes, right in the range, and the seat goes quite low too.' },
      { from: 'david', text: 'Wonderful. I have sent you a proposal.' },
    ],
    unreadBy: ['tom'],
  },
  {
    between: ['elena', 'maya'],
    messages: [
      { from: 'elena', text: 'Maya, are you at the community garden on Sunday? I have spare tomato seedlings.' },
      { from: 'maya', text: 'Yes! Bring them along and we will plant them by the shed.' },
      { from: 'elena', text: 'Ciao, a domenica!' },
    ],
  },
];
