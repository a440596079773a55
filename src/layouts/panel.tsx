import { useId, type ReactNode } from 'react';
import './panel.css';

/**
 * A titled box that looks like antd's Card, for the pages every portal visit starts on. Card brings
 * Tabs along and List brings Pagination and Select (≈ 30 kB gzipped together); the home pages need none of them.
 */
export function Panel({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={title ? id : undefined}>
      {title && (
        <h2 className="panel__title" id={id}>
          {title}
        </h2>
      )}
      <div className="panel__body">{children}</div>
    </section>
  );
}
