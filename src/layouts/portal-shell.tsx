/**
 * The portal's frame while it loads: the header bar, the navigation's column on a wide screen and
 * the page's outline. The build writes it into index.html (vite.config.ts), so a phone paints it from
 * the first bytes instead of a blank screen until the scripts have run; the portal's loading states
 * draw the same frame until a layout takes over. Plain markup on the layouts' own frame classes
 * (global.css): no antd.
 */
/** The class of the frame's outer element: while it is on screen, the portal is still loading. */
export const SHELL_CLASS = 'shell';

export function PortalShell() {
  return (
    <div className={`property ${SHELL_CLASS}`}>
      <div className="property__header shell__brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Hotel Extranet</span>
      </div>
      <div className="property__body">
        <div className="property__sider shell__sider" />
        <div className="property__main" role="status" aria-label="Loading">
          <div className="shell__line" />
          <div className="shell__card" />
          <div className="shell__card" />
        </div>
      </div>
    </div>
  );
}
