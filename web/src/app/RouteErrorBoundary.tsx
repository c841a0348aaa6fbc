import { Component, type ReactNode } from 'react';
import { forgetFailedPages } from './pages';
import RouteError from './RouteError';

interface Props {
  /** The location's key: a navigation leaves the error behind and tries the next page afresh. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

/**
 * What a route's failure shows instead of a blank page, inside the layout (header and footer stay): most often a
 * page's script chunk that did not load. React catches render errors only in a class component.
 */
export default class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('A page failed') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidUpdate(previous: Props) {
    // Once a new location is on screen (its page, or its error), a module that failed may be tried again by the
    // next visit. Not while rendering: a navigation's render that waits for a module is thrown away and redone, and
    // forgetting the failure there would ask for the module again and again instead of showing the error.
    if (previous.resetKey !== this.props.resetKey) forgetFailedPages();
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
