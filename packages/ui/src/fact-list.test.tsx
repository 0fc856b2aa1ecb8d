import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FactList } from './fact-list';

describe('FactList', () => {
  it('renders each label as a term followed by its value, in order, with the list props', () => {
    render(
      <FactList
        aria-label="Loan figures"
        className="mine"
        facts={[
          { label: 'Points', value: 40 },
          { label: <strong>Annual percentage rate</strong>, value: '24.87%', key: 'apr' },
        ]}
      />,
    );
    const list = screen.getByLabelText('Loan figures');
    expect(list.tagName).toBe('DL');
    expect(list).toHaveClass('mine');
    const terms = within(list).getAllByRole('term');
    const values = within(list).getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual(['Points', 'Annual percentage rate']);
    expect(values.map((v) => v.textContent)).toEqual(['40', '24.87%']);
    expect(terms[1]?.nextElementSibling).toBe(values[1]);
  });

  it('renders an empty list when there are no facts', () => {
    const { container } = render(<FactList facts={[]} />);
    expect(container.querySelector('dl')).toBeEmptyDOMElement();
  });
});
