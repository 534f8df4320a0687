import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; fallback: (error: unknown) => ReactNode; resetKey?: unknown };
type State = { error: unknown; failed: boolean; resetKey: unknown };

/** Shows `fallback` when rendering `children` throws; tries them again when `resetKey` changes (a new page). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
