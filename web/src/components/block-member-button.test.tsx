import { describe, expect, it } from 'vitest';
import { rootPerTest } from '../test/mounted.tsx';
import { BlockMemberButton } from './block-member-button.tsx';

const { host, render } = rootPerTest();

function shown(props: { blocked: boolean | null | undefined; blocking: boolean; unblocking: boolean }) {
  return render(<BlockMemberButton name="Olga" onBlock={() => Promise.resolve(true)} onUnblock={() => undefined} {...props} />);
}

function button(name: string): HTMLButtonElement | undefined {
  return Array.from(host().querySelectorAll('button')).find((element) => element.textContent === name);
}

describe('the Block and Unblock button', () => {
  // The block mutation can still read as pending for a render after the list says blocked; a
  // disabled Unblock then cannot take the focus the closing dialog gives back, and it drops to the page.
  it('stays usable as Unblock while the block that made it is still settling', async () => {
    await shown({ blocked: true, blocking: true, unblocking: false });
    expect(button('Unblock')?.disabled).toBe(false);
  });

  it('offers nothing while the block list loads, but keeps its room so the page does not move when it comes', async () => {
    await shown({ blocked: undefined, blocking: false, unblocking: false });
    const placeholder = host().querySelector('button');
    expect(placeholder?.className).toContain('invisible');
    expect(placeholder?.disabled).toBe(true);
    expect(placeholder?.tabIndex).toBe(-1);
  });

  it('leaves no gap when the block list cannot be had', async () => {
    await shown({ blocked: null, blocking: false, unblocking: false });
    expect(host().querySelector('button')).toBeNull();
  });

  it('is busy while its own unblock runs', async () => {
    await shown({ blocked: true, blocking: false, unblocking: true });
    expect(host().querySelector('button[aria-busy="true"]')?.textContent).toContain('Unblock');
  });
});
