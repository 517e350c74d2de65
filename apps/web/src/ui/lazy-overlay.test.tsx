import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyOverlay } from './lazy-overlay.tsx';

type Props = { isOpen: boolean; title: string };

function Warning({ isOpen, title }: Props) {
  return <p>{isOpen ? `open: ${title}` : `closed: ${title}`}</p>;
}

const loaded = { default: Warning };

/** Lets the promises settle (React.lazy learns of its code in a promise's callback). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyOverlay', () => {
  it('neither draws nor loads an overlay that has not opened', () => {
    const load = vi.fn(async () => loaded);
    const Overlay = lazyOverlay(load);
    expect(renderToString(<Overlay isOpen={false} title="idle" />)).toBe('');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads an overlay when it opens, and draws it once its code has arrived', async () => {
    const load = vi.fn(async () => loaded);
    const Overlay = lazyOverlay(load);
    // The first drawing asks for the code and draws nothing in its place.
    expect(renderToString(<Overlay isOpen title="idle" />)).not.toContain('open');
    expect(load).toHaveBeenCalledTimes(1);
    await settled();
    expect(renderToString(<Overlay isOpen title="idle" />)).toContain('open: idle');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once however often it is preloaded, and opens at once after', async () => {
    const load = vi.fn(async () => loaded);
    const Overlay = lazyOverlay(load);
    Overlay.preload();
    Overlay.preload();
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
    renderToString(<Overlay isOpen title="step-up" />);
    await settled();
    expect(renderToString(<Overlay isOpen title="step-up" />)).toContain('open: step-up');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again rather than keeping the failure', async () => {
    const load = vi
      .fn<() => Promise<typeof loaded>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(loaded);
    const Overlay = lazyOverlay(load);
    Overlay.preload();
    await settled();
    Overlay.preload();
    expect(load).toHaveBeenCalledTimes(2);
    renderToString(<Overlay isOpen title="again" />);
    await settled();
    expect(renderToString(<Overlay isOpen title="again" />)).toContain('open: again');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
