import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLoadRecovery } from './load-recovery';

export type LoadFailedProps = {
  /** Asks again now (the screen also does by itself while its code is missing). */
  retry: () => void;
  retrying: boolean;
  /** The screen's code did not arrive (server away); false: it failed while rendering. */
  chunk: boolean;
};

type Props = {
  children: ReactNode;
  fallback: (props: LoadFailedProps) => ReactNode;
  /** A new value (another path) clears the error: the next screen renders afresh. */
  resetKey?: string;
};

/**
 * Catches what a screen throws, a failed code download above all, and shows `fallback` in its place instead of a blank
 * app: whatever is around the boundary (the sidebar and header) stays.
 */
export class LoadErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen failed to load', error, info.componentStack);
  }

  private readonly recovered = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return <Recovery error={this.state.error} onRecovered={this.recovered} fallback={this.props.fallback} />;
  }
}

function Recovery({ error, onRecovered, fallback: Fallback }: { error: Error; onRecovered: () => void; fallback: Props['fallback'] }) {
  // A component of its own: the fallback reads the user's language.
  return <Fallback {...useLoadRecovery(error, onRecovered)} />;
}
