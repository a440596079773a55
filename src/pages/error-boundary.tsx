import { Component, type ReactNode } from 'react';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { reportClientError } from '../lib/error-reporting';

/** Spec §8's full-page error: refresh the page or try again, and a link home. The cause goes to the console only. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn('Page failed to render', error);
    reportClientError(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page-error">
        {/* Plain markup, no antd: this is in the entry chunk, which every screen waits for. */}
        <div>
          <svg className="page-error__icon" viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="#c62828" />
            <path d="M8 8l8 8M16 8l-8 8" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <h1 className="page-error__title">{GENERIC_MESSAGES.somethingWentWrong}</h1>
          <p className="page-error__text">Refresh the page or try again. If it keeps happening, contact us.</p>
          <div className="page-error__actions">
            <button
              type="button"
              className="plain-button plain-button--primary"
              onClick={() => this.setState({ failed: false })}
            >
              {GENERIC_MESSAGES.tryAgain}
            </button>
            <button type="button" className="plain-button" onClick={() => location.reload()}>
              Refresh the page
            </button>
            <a href="/">Go to home</a>
          </div>
        </div>
      </main>
    );
  }
}
