import { Component } from 'react';
import type { ReactNode } from 'react';

/**
 * Around a chart that draws on a canvas: a chart that cannot draw (no canvas, a failed chunk) renders nothing
 * and leaves its text alternative (`ChartData`), which carries the same data.
 */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
