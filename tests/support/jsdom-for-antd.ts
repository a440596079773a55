/** What the page tests need of jsdom: imported first by each, before antd or the server's crypto. */
// jsdom brings its own Uint8Array; the server's crypto (jose) needs Node's, which Buffer extends.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
// jsdom has no pseudo-element styles (antd asks for scrollbar sizes); the element's own will do.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => computedStyle(elt);
// antd reads media queries; jsdom has none.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as never;
export {};
