import { onlineManager } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPart } from '../lib/page-parts.ts';
import { WEB_TEXT } from '../lib/texts.ts';
import { toast } from '../lib/toast.ts';
import { rootPerTest } from '../test/mounted.tsx';
import { OnDemand } from './on-demand.tsx';

const { host, render } = rootPerTest();

type PartModule = { Part: () => ReactNode };

/** A part's code as a dynamic import hands it over: each call waits until the test says how it ends. */
function deferredPart() {
  const calls: { resolve: (module: PartModule) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(() => new Promise<PartModule>((resolve, reject) => calls.push({ resolve, reject })));
  const latest = () => calls[calls.length - 1]!;
  return {
    load,
    arrive: () => act(async () => latest().resolve({ Part: () => <form aria-label="Edit profile" /> })),
    fail: () => act(async () => latest().reject(new TypeError('Failed to fetch dynamically imported module'))),
  };
}

const shown = (load: () => Promise<PartModule>) =>
  render(
    <main>
      <h1>Olga</h1>
      <OnDemand load={load} loadingLabel="Loading the form..." failedMessage="Failed to load the form.">
        {({ Part }) => <Part />}
      </OnDemand>
    </main>,
  );

const setOnline = (online: boolean) =>
  act(async () => {
    onlineManager.setOnline(online);
    await Promise.resolve();
  });

const form = () => host().querySelector('form[aria-label="Edit profile"]');

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('a part of a page fetched when it is opened', () => {
  it('draws at once, with no loading step, when its code was fetched before it was shown (a route loader)', async () => {
    const part = deferredPart();
    const fetched = fetchPart(part.load);
    await part.arrive();
    await act(async () => {
      await fetched;
    });
    await shown(part.load);
    expect(form()).not.toBeNull();
    expect(host().textContent).not.toContain('Loading the form...');
    expect(part.load).toHaveBeenCalledTimes(1);
  });

  it('says it is loading in its place, shows the part when its code arrives, and shows it at once when opened again', async () => {
    const part = deferredPart();
    await shown(part.load);
    expect(host().textContent).toContain('Loading the form...');
    expect(form()).toBeNull();

    await part.arrive();
    expect(form()).not.toBeNull();
    expect(host().textContent).not.toContain('Loading the form...');

    await render(<main />);
    await shown(part.load);
    expect(form()).not.toBeNull();
    expect(part.load).toHaveBeenCalledTimes(1);
  });

  it('tells a failed download in a toast and in its place, keeps the rest of the page, and tries again by reloading it', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const toasted = vi.spyOn(toast, 'error');
    const part = deferredPart();
    await shown(part.load);

    await part.fail();
    expect(host().querySelector('h1')?.textContent).toBe('Olga');
    expect(host().textContent).toContain('Failed to load the form.');
    expect(toasted).toHaveBeenCalledWith('Failed to load the form.');
    const retry = Array.from(host().querySelectorAll('button')).find((button) => button.textContent === WEB_TEXT.common.retry);
    await act(async () => retry?.click());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offline, says it loads when online instead of offering a reload, and loads when the connection returns', async () => {
    const part = deferredPart();
    await shown(part.load);
    await setOnline(false);
    await part.fail();
    expect(host().textContent).toContain(WEB_TEXT.common.loadsWhenOnline);
    expect(host().querySelector('button')).toBeNull();

    await setOnline(true);
    expect(part.load).toHaveBeenCalledTimes(2);
    await part.arrive();
    expect(form()).not.toBeNull();
  });
});
