import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from './error-log';

// Catches a failing page so the shell stays usable; the error goes to the local log.
export class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    logError('react', error, info.componentStack ?? '');
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
