import { FIELD_FORMAT_DELAY_MS } from '../../resources/timings';

/** The delays with a value waiting: any click, submit or Enter anywhere commits them first. */
const waiting = new Set<() => void>();
export const flushFormatDelays = () => {
  for (const flush of [...waiting]) flush();
};
let listening = false;
/**
 * Before the page acts on a click, a submit or Enter (a Save button, even one clicked by a script or
 * an assistive technology without moving focus), what was typed reaches its form: capture phase.
 */
function listenForActions() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('click', flushFormatDelays, true);
  document.addEventListener('submit', flushFormatDelays, true);
  document.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter') flushFormatDelays();
    },
    true,
  );
}

/**
 * Spec §9's field format delay: what is typed is committed (parsed, formatted, handed to the form)
 * once typing pauses for FIELD_FORMAT_DELAY_MS, not on every keystroke. `flush` commits at once
 * (on blur and Enter, so a save never misses the last keystroke); `cancel` drops a pending commit.
 */
export function createFormatDelay<T>(commit: (value: T) => void, delay = FIELD_FORMAT_DELAY_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { value: T } | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    waiting.delete(flush);
    const p = pending;
    pending = null;
    if (p) commit(p.value);
  };
  return {
    type(value: T) {
      pending = { value };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, delay);
      waiting.add(flush);
      listenForActions();
    },
    flush,
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      waiting.delete(flush);
    },
    get pending() {
      return pending !== null;
    },
  };
}
