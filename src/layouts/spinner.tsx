/** A loading indicator in plain CSS (global.css): the entry chunk shows it before antd has loaded. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />;
}
