import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { GENERIC_MESSAGES } from '../../resources/messages';

/** Spec §8's full-page error: refresh the page or try again, and a link home. The cause goes to the console only. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn('Page failed to render', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Result
          status="error"
          title={GENERIC_MESSAGES.somethingWentWrong}
          subTitle="Refresh the page or try again. If it keeps happening, contact us."
          extra={[
            <Button key="retry" type="primary" onClick={() => this.setState({ failed: false })}>Try again</Button>,
            <Button key="refresh" onClick={() => location.reload()}>Refresh the page</Button>,
            <a key="home" href="/">Go to home</a>,
          ]}
        />
      </main>
    );
  }
}
