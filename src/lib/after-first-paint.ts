/** The longest `afterFirstPaint` waits for the browser to report the paint (a hidden tab reports none). */
const PAINT_WAIT_MS = 1_000;

/**
 * Runs `fn` in a task of its own once the browser has shown the page's first contentful paint: for
 * work the first view does not need (a form's schema, the footer's settings, the anti-spam check's
 * provider). A frame's callback (requestAnimationFrame) runs before that frame is on screen, so
 * what it starts still races the paint, and Lighthouse's phone counts it into the page's LCP. Where
 * the browser does not report paints, or has not within PAINT_WAIT_MS, it runs after the next
 * frame as before. Answers a function that cancels it.
 */
export function afterFirstPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  let frame: number | undefined;
  let started = false;
  const stop = () => {
    observer?.disconnect();
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  const run = () => {
    if (started) return;
    started = true;
    stop();
    timer = setTimeout(fn, 0);
  };
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) run();
    });
    observer.observe({ type: 'paint', buffered: true });
    if (!started) timer = setTimeout(run, PAINT_WAIT_MS);
  } else {
    frame = requestAnimationFrame(run);
  }
  return () => {
    started = true;
    stop();
  };
}
