import { FIELD_FORMAT_DELAY_MS } from '../../resources/timings';

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
    const p = pending;
    pending = null;
    if (p) commit(p.value);
  };
  return {
    type(value: T) {
      pending = { value };
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, delay);
    },
    flush,
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
    get pending() {
      return pending !== null;
    },
  };
}
