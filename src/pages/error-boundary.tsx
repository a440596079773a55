import { Component, type ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
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
        {/* Plain markup, not antd's Result: this is in the entry chunk, and Result bundles every status illustration. */}
        <div style={{ textAlign: 'center', padding: 24 }}>
          <CloseCircleFilled style={{ fontSize: 64, color: '#c62828' }} aria-hidden />
          <Typography.Title level={1} style={{ fontSize: 24, marginTop: 16 }}>{GENERIC_MESSAGES.somethingWentWrong}</Typography.Title>
          <Typography.Paragraph type="secondary">Refresh the page or try again. If it keeps happening, contact us.</Typography.Paragraph>
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={() => this.setState({ failed: false })}>Try again</Button>
            <Button onClick={() => location.reload()}>Refresh the page</Button>
            <a href="/">Go to home</a>
          </Space>
        </div>
      </main>
    );
  }
}
