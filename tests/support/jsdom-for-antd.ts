/** What the page tests need of jsdom: imported first by each, before antd or the server's crypto. */
// jsdom brings its own Uint8Array; the server's crypto (jose) needs Node's, which Buffer extends.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
// jsdom has no pseudo-element styles (antd asks for scrollbar sizes); the element's own will do.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => computedStyle(elt);
// antd reads media queries; jsdom has none.
/** Width queries answered for jsdom's window (1024 px wide: antd's lg, a desktop), anything else false. */
const answers = (query: string) => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (!min && !max) return false;
  return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
};
window.matchMedia ??= ((query: string) => ({
  matches: answers(query),
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as never;
export {};
