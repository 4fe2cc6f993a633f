import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error.tsx';

interface Props {
  /** The location the pages show: a new one clears a shown error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/** Catches a page chunk that failed to load or a page that threw, and shows the error page in its place. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
