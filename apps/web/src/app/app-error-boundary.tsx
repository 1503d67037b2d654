import { Component, type ReactNode } from 'react';
import { CrashScreen } from '../components/errors/crash-screen.js';

type State = { error: Error | null };

/** Catches what fails above the router (providers, configuration): the crash screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Error no controlado en la aplicación', error);
  }

  override render() {
    if (this.state.error) return <CrashScreen detail={this.state.error.message} />;
    return this.props.children;
  }
}
