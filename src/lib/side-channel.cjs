'use strict';

/**
 * qs's side channel, on a Map (vite.config.ts aliases 'side-channel' here). qs keeps the objects a
 * stringify has visited in it, to refuse cycles. The side-channel package builds the same on WeakMap
 * after probing the engine through get-intrinsic, call-bound, hasown and object-inspect, all
 * CommonJS run as the portal's chunk loads (≈ 60 ms of a phone's main thread at 4× slowdown) for
 * browsers older than the portal supports (src/lib/browser-support.ts). A channel lives for one
 * stringify call, so a Map holds nothing for long.
 */
module.exports = function getSideChannel() {
  const data = new Map();
  return {
    assert(key) {
      if (!data.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => data.delete(key),
    get: (key) => data.get(key),
    has: (key) => data.has(key),
    set(key, value) {
      data.set(key, value);
    },
  };
};
