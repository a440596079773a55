/**
 * The portal's frame while it loads: the header bar, the navigation's column on a wide screen and
 * the page's outline. The build writes it into index.html (vite.config.ts), so a phone paints it from
 * the first bytes instead of a blank screen until the scripts have run; the portal's loading states
 * draw the same frame until a layout takes over. Plain markup and CSS (global.css): no antd.
 */
export function PortalShell() {
  return (
    <div className="shell">
      <div className="shell__header">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Hotel Extranet</span>
      </div>
      <div className="shell__row">
        <div className="shell__sider" />
        <div className="shell__page" role="status" aria-label="Loading">
          <div className="shell__line" />
          <div className="shell__card" />
          <div className="shell__card" />
        </div>
      </div>
    </div>
  );
}
