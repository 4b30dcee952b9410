import { describe, expect, test } from 'vitest';
import type { Category } from '@swapyard/contract';
import { LISTINGS } from './community.ts';
import { sceneFor, type Palette } from './pictures.ts';

const palette: Palette = { from: '#ffffff', to: '#eeeeee', accent: '#aa0000', shade: '#550000' };

describe('a demo listing’s picture', () => {
  test('shows what its title names, not its category’s ball', () => {
    const ball = sceneFor('Training cones and bibs', 'Sports', palette);
    expect(sceneFor('Two-person camping tent', 'Sports', palette)).not.toBe(ball);
    expect(sceneFor('Wooden balance bike', 'Sports', palette)).not.toBe(ball);
    expect(sceneFor('Wooden balance bike', 'Sports', palette)).toBe(sceneFor('Steel road bike, 56 cm', 'Sports', palette));
  });

  test('draws its own object for most of the goods listed, the category’s scene for the rest', () => {
    const goods = (Object.entries(LISTINGS) as [Category, readonly { title: string }[]][])
      .filter(([category]) => category !== 'Services')
      .flatMap(([category, listings]) => listings.map(({ title }) => ({ title, category })));
    const own = goods.filter(({ title, category }) => sceneFor(title, category, palette) !== sceneFor('', category, palette));
    expect(own.length / goods.length).toBeGreaterThan(0.4);
  });
});
