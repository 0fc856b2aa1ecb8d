import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/** One label and its value. `key` names the row when the label is not a string. */
export interface Fact {
  label: ReactNode;
  value: ReactNode;
  key?: string;
}

export interface FactListProps extends Omit<ComponentPropsWithoutRef<'dl'>, 'children'> {
  facts: readonly Fact[];
}

/**
 * Label and value pairs as a description list: each pair in a `<div>` (the `<dl>` grouping HTML allows), so a
 * feature lays them out as tiles (`styles/tiles.module.css`) or rows (`styles/summary-list.module.css`, whose
 * `facts` makes the div `display: contents`; the staff pages' `staff-page.module.css` `dl`) through its `className`.
 */
export function FactList({ facts, ...props }: FactListProps) {
  return (
    <dl {...props}>
      {facts.map((fact, index) => (
        <div key={fact.key ?? (typeof fact.label === 'string' ? fact.label : index)}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
