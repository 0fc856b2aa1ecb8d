import type { ReactNode } from 'react';
import { Alert } from '@payrail/ui/alert';
import { Button } from '@payrail/ui/button';
import { LoadingBlock } from '@payrail/ui/spinner';
import { useStepData } from '../api/steps';
import type { StepRead } from '../api/steps';
import { StepCard } from './step-card';

/** Loading, failure and "not open" states of a step read; renders `children(data)` once the data is there. */
export function StepGate<T>({
  query,
  title,
  children,
}: {
  query: { data?: StepRead<T>; isPending: boolean; isError: boolean; refetch: () => unknown };
  title: string;
  children: (data: T, read: StepRead<T>) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label="Loading your application…" />;
  if (query.isError || !query.data) {
    return (
      <StepCard title={title}>
        <Alert kind="error" title="We could not load this step.">
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      </StepCard>
    );
  }
  // data null: the application is elsewhere; useStepData is already moving there.
  if (query.data.data === null) return <LoadingBlock label="Opening your current step…" />;
  return <>{children(query.data.data, query.data)}</>;
}

/** A step's screen: reads the step's data (`useStepData`) and renders `children(data)` once it is there, with StepGate's states before. */
export function StepScreen<T>({
  step,
  schema,
  title,
  children,
}: {
  step: string;
  schema: { parse(data: unknown): T };
  title: string;
  children: (data: T, read: StepRead<T>) => ReactNode;
}) {
  const query = useStepData(step, schema);
  return (
    <StepGate query={query} title={title}>
      {children}
    </StepGate>
  );
}

/** Cents on file as the whole-dollar text the step's money fields hold (their schema reads it back with the kit's money reader). */
export function centsToDollarsText(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : String(Math.round(cents / 100));
}
