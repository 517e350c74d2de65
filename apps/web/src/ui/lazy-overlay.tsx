/**
 * A dialog or drawer whose code loads when it first opens. Such an overlay is closed when a page is
 * opened, and its code (Mantine's modal and drawer, their scroll lock, the overlay's own content and
 * English) would otherwise be downloaded and evaluated before the page could draw (issue 32). It is
 * drawn from its first opening, over its load, and stays drawn after, so that it closes with its
 * transition. `preload` starts the load earlier, when the user shows the intent to open it.
 *
 * A load that fails (the network) shows the network's notice and draws nothing, not the route's
 * error in place of the page; an overlay with `onClose` is closed (so that its opener, a form's
 * step-up for one, can open it again), and the next opening tries again. Any other error of the
 * overlay's drawing goes on to the route's error, as a page's would.
 */
import i18next from 'i18next';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { showError } from '../lib/notify.ts';

type OverlayProps = { isOpen: boolean; onClose?: () => void };

export type LazyOverlay<Props extends OverlayProps> = ComponentType<Props> & { preload: () => void };

type FailureProps = { isLoadFailure: (error: unknown) => boolean; onFailure: () => void; children: ReactNode };

/** Catches the failure of the overlay's load; rethrows anything else. */
class LoadFailure extends Component<FailureProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (this.props.isLoadFailure(error)) this.props.onFailure();
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!this.props.isLoadFailure(error)) throw error;
    return null;
  }
}

export function lazyOverlay<Props extends OverlayProps>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyOverlay<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const failures = new WeakSet<object>();
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      if (typeof error === 'object' && error !== null) failures.add(error);
      throw error;
    });
    return loading;
  };
  const isLoadFailure = (error: unknown) => typeof error === 'object' && error !== null && failures.has(error);
  // React.lazy keeps a failure: a new one is made for the next try.
  let Content: LazyExoticComponent<ComponentType<Props>> = lazy(loadOnce);

  function Overlay(props: Props) {
    const [state, setState] = useState<'closed' | 'drawn' | 'failed'>(props.isOpen ? 'drawn' : 'closed');
    if (props.isOpen && state === 'closed') setState('drawn');
    if (!props.isOpen && state === 'failed') setState('closed');
    if (state !== 'drawn') return null;
    const onFailure = () => {
      Content = lazy(loadOnce);
      showError(i18next.t('errors.network_timeout'));
      setState('failed');
      props.onClose?.();
    };
    return (
      <LoadFailure isLoadFailure={isLoadFailure} onFailure={onFailure}>
        <Suspense fallback={null}>
          <Content {...props} />
        </Suspense>
      </LoadFailure>
    );
  }
  return Object.assign(Overlay, { preload: () => void loadOnce().catch(() => undefined) });
}
