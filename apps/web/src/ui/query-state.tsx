/**
 * Renders a screen query's three states: a skeleton while loading, LoadError (with Retry) when it
 * failed or timed out, and the content with the data.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';
import { PageSkeleton } from './skeletons.tsx';

export type QueryStateProps<Data> = {
  query: UseQueryResult<Data>;
  skeleton?: ReactNode;
  children: (data: Data) => ReactNode;
  /** A failure reads "Something went wrong. Please try again later." (deposit screens, SPEC.md section 8). */
  isReasonHidden?: boolean;
};

export function QueryState<Data>({ query, skeleton, children, isReasonHidden = false }: QueryStateProps<Data>) {
  if (query.isPending) return skeleton ?? <PageSkeleton />;
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} isReasonHidden={isReasonHidden} />;
  return children(query.data);
}
