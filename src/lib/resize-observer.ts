/**
 * The browser's own ResizeObserver, for rc-resize-observer's import of resize-observer-polyfill
 * (a build-only alias in vite.config.ts). The polyfill answers with the native one whenever it
 * exists, which every browser of spec §9's minimums has; its fallback was 3 kB gzip of every
 * page's first chunk, sign-in's included, that no supported browser runs. Where there is no
 * window (the server drawing a first screen, src/first-screen) nothing resizes: an observer that
 * observes nothing.
 */
class NothingResizes {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export default globalThis.ResizeObserver ?? NothingResizes;
