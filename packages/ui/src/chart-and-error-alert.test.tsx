import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChartBoundary } from './chart-boundary';
import { ErrorAlert } from './error-alert';

describe('ErrorAlert', () => {
  it('announces the message at once, as an error', () => {
    render(<ErrorAlert message="We could not save your changes." className="mine" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error: We could not save your changes.');
    expect(alert).toHaveClass('mine');
  });

  it.each([undefined, null, ''])('renders nothing while there is no message (%j)', (message) => {
    const { container } = render(<ErrorAlert message={message} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('ChartBoundary', () => {
  function Broken(): never {
    throw new Error('no canvas');
  }

  it('renders its chart while it draws', () => {
    render(
      <ChartBoundary>
        <p>chart</p>
      </ChartBoundary>,
    );
    expect(screen.getByText('chart')).toBeInTheDocument();
  });

  it('renders nothing in place of a chart that throws, and leaves what stands beside it', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <ChartBoundary>
          <Broken />
        </ChartBoundary>
        <p>Chart data as a table</p>
      </>,
    );
    expect(screen.getByText('Chart data as a table')).toBeInTheDocument();
    expect(screen.queryByText('chart')).toBeNull();
    quiet.mockRestore();
  });
});
