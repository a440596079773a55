import type { ReactNode } from 'react';

/**
 * The public screens' banner, drawn like antd's Alert (info and error, with a title and an optional
 * detail) in plain markup: Alert, its icons and Space are ≈ 3 kB gzipped that sign-in would wait for.
 */
export function Notice({
  type,
  title,
  detail,
  role = type === 'error' ? 'alert' : 'status',
}: {
  type: 'info' | 'error';
  title: ReactNode;
  detail?: ReactNode;
  role?: 'alert' | 'status';
}) {
  return (
    <div role={role} className={`notice notice--${type}${detail ? ' notice--detailed' : ''}`}>
      <svg className="notice__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        {type === 'info' ? (
          <path d="M12 10.5v7M12 6.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        ) : (
          <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        )}
      </svg>
      <div className="notice__content">
        <div className="notice__title">{title}</div>
        {detail && <div className="notice__detail">{detail}</div>}
      </div>
    </div>
  );
}
