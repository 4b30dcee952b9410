import type { PlaceSummary } from '@swapyard/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlaceSuggestions } from './places.ts';
import { startApiServer } from '../test/api-server.ts';
import { PlacePicker } from '../components/place-picker.tsx';
import { PlaceSuggestionsSource } from '../components/place-suggestions.ts';

const YORK: PlaceSummary = { id: 2633352, name: 'York', region: 'England', country: 'GB' };
const YORK_PA: PlaceSummary = { id: 4562407, name: 'York', region: 'Pennsylvania', country: 'US' };
const YORKTON: PlaceSummary = { id: 6185217, name: 'Yorkton', region: 'Saskatchewan', country: 'CA' };

/**
 * React runs here as in the browser, not under act(): the picker waits for typing to pause on a
 * timer, and act() would hold that timer's update until the test stopped waiting for it.
 */
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let wasActEnvironment: boolean | undefined;
beforeAll(() => {
  wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

describe('the place picker', () => {
  let root: Root;
  let container: HTMLElement;
  const host = () => container;
  const render = (tree: ReactNode) => root.render(tree);
  let api: Awaited<ReturnType<typeof startApiServer>>;
  let chosen: (PlaceSummary | null)[];

  beforeEach(async () => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    chosen = [];
    api = await startApiServer((request) => ({
      status: 200,
      body: { places: request.path.startsWith('/api/places?q=yor') ? [YORK, YORK_PA, YORKTON] : [] },
    }));
  });
  afterEach(async () => {
    root.unmount();
    container.remove();
    await api.close();
  });

  function Form({ initial = null }: { initial?: PlaceSummary | null }) {
    const [place, setPlace] = useState(initial);
    return (
      <form>
        <PlacePicker
          label="Location"
          name="placeId"
          value={place}
          onChange={(next) => {
            chosen.push(next);
            setPlace(next);
          }}
        />
      </form>
    );
  }

  const show = async (initial?: PlaceSummary) => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PlaceSuggestionsSource value={usePlaceSuggestions}>
          <Form initial={initial ?? null} />
        </PlaceSuggestionsSource>
      </QueryClientProvider>,
    );
    await until(() => expect(box()).toBeTruthy());
  };
  const box = () => host().querySelector<HTMLInputElement>('[role="combobox"]')!;
  const listbox = () => host().querySelector<HTMLElement>('[role="listbox"]')!;
  const options = () => [...host().querySelectorAll<HTMLElement>('[role="option"]')];
  const status = () => host().querySelector('[role="status"]')?.textContent;
  const formValue = () => new FormData(host().querySelector('form')!).get('placeId');

  const until = (check: () => void) => vi.waitFor(check, { timeout: 3_000 });
  const type = async (text: string) => {
    const input = box();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => expect(box().value).toBe(text));
  };
  const press = (key: string) => box().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

  it('is a labelled combobox that controls its listbox, closed at first', async () => {
    await show();
    const input = box();
    expect(host().querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Location');
    expect(input.getAttribute('aria-controls')).toBe(listbox().id);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(listbox().hidden).toBe(true);
  });

  it('suggests towns for what was typed, with region and country, and announces how many', async () => {
    await show();
    await type('yor');
    await until(() => expect(box().getAttribute('aria-expanded')).toBe('true'));

    expect(options().map((option) => option.textContent)).toEqual([
      'YorkEngland, United Kingdom',
      'YorkPennsylvania, United States',
      'YorktonSaskatchewan, Canada',
    ]);
    expect(status()).toBe('3 places found. Use the up and down arrows to choose.');
    expect(api.received.map((request) => request.path)).toEqual(['/api/places?q=yor']);
  });

  it('moves through the options with the arrows and chooses the active one with Enter', async () => {
    await show();
    await type('york');
    await until(() => expect(options()).toHaveLength(3));

    press('ArrowDown');
    await until(() => expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]?.id));
    press('ArrowDown');
    await until(() => expect(box().getAttribute('aria-activedescendant')).toBe(options()[1]?.id));
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    press('ArrowUp');
    await until(() => expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]?.id));
    press('Enter');

    await until(() => expect(chosen).toEqual([YORK]));
    expect(box().value).toBe('York, England, United Kingdom');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().hasAttribute('aria-activedescendant')).toBe(false);
    expect(status()).toBe('York, England, United Kingdom chosen.');
    expect(formValue()).toBe(String(YORK.id));
  });

  it('closes the list with Escape and chooses nothing', async () => {
    await show();
    await type('york');
    await until(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    press('ArrowDown');
    await until(() => expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]?.id));
    press('Escape');

    await until(() => expect(box().getAttribute('aria-expanded')).toBe('false'));
    expect(listbox().hidden).toBe(true);
    expect(chosen).toEqual([]);
    expect(box().value).toBe('york');
    expect(formValue()).toBe('');
  });

  it('offers no suggestion for letters typed over, so Enter cannot choose a town the text no longer names', async () => {
    await show();
    await type('york');
    await until(() => expect(options()).toHaveLength(3));
    await type('yoq');

    expect(box().getAttribute('aria-expanded')).toBe('false');
    press('ArrowDown');
    press('Enter');
    await until(() => expect(status()).toBe('No town starts with “yoq”.'));
    expect(chosen).toEqual([]);
    expect(formValue()).toBe('');
  });

  it('says so when no town matches', async () => {
    await show();
    await type('Qqq');
    await until(() => expect(status()).toBe('No town starts with “Qqq”.'));
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a chosen place, and undoes the choice once its text is changed', async () => {
    await show(YORK_PA);
    expect(box().value).toBe('York, Pennsylvania, United States');
    expect(formValue()).toBe(String(YORK_PA.id));

    await type('York, Pennsylvania');
    expect(chosen).toEqual([null]);
    expect(formValue()).toBe('');
  });
});
