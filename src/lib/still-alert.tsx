import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';
import { CloseOutlined, InfoCircleFilled } from '@ant-design/icons';

/**
 * antd's info Alert (one line, optionally closable), drawn with antd's own classes and without its
 * motion: antd's Alert wraps itself in a CSSMotion, which sets its state as it mounts, so an Alert on
 * a drawn page makes React draw again inside the takeover's commit (src/lib/opened-once.ts says what
 * that costs a phone). For a note that is on the page from its first screen, such as a list's intro.
 * Closing it takes it away at once; a closed note's own state is its caller's (useDismissed).
 */
export function StillAlert({
  message,
  onClose,
  style,
}: {
  message: ReactNode;
  onClose?: () => void;
  style?: CSSProperties;
}) {
  // antd's rules for its classes are scoped to the theme's hash class (`:where(.css-…)`).
  const { hashId } = theme.useToken();
  return (
    <div role="status" className={`ant-alert ant-alert-info ant-alert-no-description ${hashId}`} style={style}>
      <InfoCircleFilled className="ant-alert-icon" aria-hidden />
      <div className="ant-alert-content">
        <div className="ant-alert-message">{message}</div>
      </div>
      {onClose && (
        <button type="button" className="ant-alert-close-icon" aria-label="Close" onClick={onClose}>
          <CloseOutlined aria-hidden />
        </button>
      )}
    </div>
  );
}
