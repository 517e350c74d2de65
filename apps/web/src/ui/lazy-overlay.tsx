/**
 * A dialog or drawer whose code loads when it first opens. Such an overlay is closed when a page is
 * opened, and its code (Mantine's modal and drawer, their scroll lock, the overlay's own content and
 * English) would otherwise be downloaded and evaluated before the page could draw (issue 32). It is
 * drawn from its first opening, over its load, and stays drawn after, so that it closes with its
 * transition. `preload` starts the load earlier, when the user shows the intent to open it.
 *
 * A load that fails (the network) shows the network's notice and draws nothing, not the route's
 * error in place of the page; the next opening tries again.
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

export type LazyOverlay<Props extends { isOpen: boolean }> = ComponentType<Props> & { preload: () => void };

type FailureProps = { onFailure: () => void; children: ReactNode };

class LoadFailure extends Component<FailureProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidCatch() {
    this.props.onFailure();
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

export function lazyOverlay<Props extends { isOpen: boolean }>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyOverlay<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
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
    };
    return (
      <LoadFailure onFailure={onFailure}>
        <Suspense fallback={null}>
          <Content {...props} />
        </Suspense>
      </LoadFailure>
    );
  }
  return Object.assign(Overlay, { preload: () => void loadOnce().catch(() => undefined) });
}
