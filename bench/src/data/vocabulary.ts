import type { Category } from '@swapyard/contract';

/**
 * What listings on a community swap site look like: a few adjectives and many nouns per category,
 * values in the range people ask for such things, and the towns members live in. Titles mix them,
 * so a word such as "vintage" is common and a noun is specific to its category.
 */
export interface CategoryWords {
  category: Category;
  /** Out of 100: how often a listing is in this category. */
  share: number;
  adjectives: string[];
  nouns: string[];
  minValue: number;
  maxValue: number;
}

export const CATEGORY_WORDS: CategoryWords[] = [
  {
    category: 'Electronics',
    share: 18,
    adjectives: ['Vintage', 'Refurbished', 'Wireless', 'Compact', 'Portable', 'Boxed', 'Retro', 'Spare'],
    nouns: ['record player', 'bluetooth speaker', 'digital camera', 'desk lamp', 'laptop stand', 'tablet', 'headphones', 'radio', 'monitor', 'keyboard', 'e-reader', 'kettle', 'toaster', 'hair dryer', 'game console'],
    minValue: 5,
    maxValue: 400,
  },
  {
    category: 'Furniture',
    share: 16,
    adjectives: ['Vintage', 'Solid oak', 'Pine', 'Mid-century', 'Folding', 'Upcycled', 'Painted', 'Rustic'],
    nouns: ['bookshelf', 'coffee table', 'armchair', 'dining chair', 'chest of drawers', 'bedside table', 'wardrobe', 'desk', 'sofa', 'bench', 'mirror', 'shoe rack', 'bar stool'],
    minValue: 10,
    maxValue: 500,
  },
  {
    category: 'Clothing',
    share: 17,
    adjectives: ['Vintage', 'Wool', 'Denim', 'Waterproof', 'Linen', 'Hand-knitted', 'Barely worn', 'Leather'],
    nouns: ['jacket', 'winter coat', 'jumper', 'summer dress', 'hiking boots', 'trainers', 'scarf', 'jeans', 'raincoat', 'handbag', 'school uniform', 'wedding hat'],
    minValue: 2,
    maxValue: 150,
  },
  {
    category: 'Books',
    share: 15,
    adjectives: ['Signed', 'First edition', 'Illustrated', 'Paperback', 'Hardback', 'Well-read', 'Boxed set of', 'Vintage'],
    nouns: ['cookbook', 'crime novel', 'atlas', 'poetry collection', 'gardening guide', 'children\'s picture book', 'comic', 'field guide to birds', 'textbook', 'sci-fi trilogy', 'travel guide', 'biography'],
    minValue: 1,
    maxValue: 60,
  },
  {
    category: 'Sports',
    share: 12,
    adjectives: ['Adult', 'Kids\'', 'Carbon', 'Lightweight', 'Barely used', 'Second-hand', 'Vintage', 'Folding'],
    nouns: ['road bike', 'tennis racket', 'yoga mat', 'kettlebell', 'camping tent', 'sleeping bag', 'skateboard', 'golf clubs', 'wetsuit', 'climbing shoes', 'football', 'rowing machine'],
    minValue: 3,
    maxValue: 600,
  },
  {
    category: 'Services',
    share: 12,
    adjectives: ['Weekend', 'Evening', 'One-hour', 'Friendly', 'Experienced', 'Patient', 'Local', 'Same-day'],
    nouns: ['guitar lessons', 'bike repair', 'dog walking', 'garden tidy-up', 'maths tutoring', 'flat-pack assembly', 'ironing', 'computer help', 'hair cut', 'sewing alterations', 'language exchange', 'moving help'],
    minValue: 5,
    maxValue: 120,
  },
  {
    category: 'Other',
    share: 10,
    adjectives: ['Vintage', 'Handmade', 'Ceramic', 'Glass', 'Unopened', 'Large', 'Small', 'Antique'],
    nouns: ['plant pot', 'board game', 'jigsaw puzzle', 'picture frame', 'vase', 'toolbox', 'sewing machine', 'pram', 'fish tank', 'christmas lights', 'garden chairs', 'candle set'],
    minValue: 1,
    maxValue: 250,
  },
];

export const CONDITIONS = [
  'Good condition, a few marks from use.',
  'Like new, only used a handful of times.',
  'Works perfectly; selling because we are moving.',
  'Some wear, priced to reflect it.',
  'Well looked after, smoke-free and pet-free home.',
  'Collected from a house clearance, cleaned and checked.',
];

export const HANDOVERS = [
  'Collection only, evenings or weekends.',
  'Happy to meet somewhere central.',
  'Can drop off nearby if you ask nicely.',
  'Message me with any questions before proposing.',
  'Open to swaps for garden tools or books.',
  'Available most days, flexible on timing.',
];

export const LOCATIONS = [
  'Leeds', 'York', 'Bristol', 'Cardiff', 'Glasgow', 'Edinburgh', 'Manchester', 'Sheffield', 'Norwich', 'Brighton',
  'Oxford', 'Cambridge', 'Bath', 'Exeter', 'Nottingham', 'Leicester', 'Liverpool', 'Newcastle', 'Aberdeen', 'Belfast',
];

export const FIRST_NAMES = [
  'Amira', 'Ben', 'Chloe', 'Dev', 'Ella', 'Finn', 'Grace', 'Hugo', 'Isla', 'Jamal', 'Kate', 'Leo', 'Maya', 'Noah',
  'Olivia', 'Priya', 'Quinn', 'Ravi', 'Sofia', 'Tom', 'Uma', 'Victor', 'Wen', 'Yusuf', 'Zara',
];

export const LAST_NAMES = [
  'Ahmed', 'Brown', 'Clarke', 'Davies', 'Evans', 'Fraser', 'Green', 'Hughes', 'Iqbal', 'Jones', 'Khan', 'Lewis',
  'Murphy', 'Nowak', 'O\'Brien', 'Patel', 'Roberts', 'Singh', 'Taylor', 'Walker', 'Wilson', 'Young',
];

/** A word no generated text contains, put into a few listings so that search finds almost nothing. */
export const RARE_WORD = 'zeppelin';
export const RARE_LISTINGS = 5;
