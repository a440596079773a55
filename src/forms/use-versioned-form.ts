import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useWarnAboutChange } from '@refinedev/core';
import { App, type FormInstance } from 'antd';
import { FORM_MESSAGES } from '../../resources/messages';
import { useSavingNotice } from './use-saving-notice';
import { trackForm } from '../lib/tracking';

type Values = Record<string, unknown>;
/** What `send` answers when the user went back from a question before anything was written: no error, no success. */
export const NOT_SENT = Symbol('not sent');
/** The one STALE answer of every save (server/save/versioned-save.ts): what is stored now, and the message. */
export type Conflict = { values: Values | null; version: number; message: string };

/** What a failed save said (the one GqlError, also Refine's HttpError). */
function readError(e: unknown): {
  code?: string;
  message: string;
  fields: Record<string, string[]>;
  current?: Omit<Conflict, 'message'>;
} {
  const err = (e ?? {}) as {
    code?: string;
    message?: string;
    fields?: Record<string, string[]>;
    errors?: Record<string, string[]>;
    extensions?: Values;
    messages?: string[];
  };
  const fields = err.fields ?? err.errors ?? {};
  const message =
    err.code === 'NETWORK' ? FORM_MESSAGES.network : (err.messages?.[0] ?? err.message ?? FORM_MESSAGES.unknown);
  return { code: err.code, message, fields, current: err.extensions?.current as Omit<Conflict, 'message'> | undefined };
}

/**
 * One way to save a form: send the values with the version the form loaded, show field errors and
 * the spec §5 heading, and on STALE keep the stored values so the page can show what changed
 * (ConflictNotice) and let the user take theirs or keep their own against the new version.
 */
export function useVersionedForm<V extends Values>(opts: {
  form: FormInstance<V>;
  /** The form's name in tracking events. */
  name: string;
  send: (values: V, version: number | null) => Promise<unknown>;
  onSaved?: (result: unknown) => Promise<unknown> | unknown;
  /** Stored values → the form's (a phone without its +61, …). */
  toForm?: (values: Values) => Partial<V>;
  /** Refine's forms announce success themselves. */
  announce?: boolean;
}) {
  const { form, name, send, onSaved, toForm = (v) => v as Partial<V>, announce = true } = opts;
  const { setWarnWhen } = useWarnAboutChange();
  const { message } = App.useApp();
  const [version, setVersion] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  // Spec §5's summary lists the form's errors as they are now: the fields' own (the browser's
  // checks or the server's, kept in step as the user fixes them) and any that belong to no field.
  const [attempted, setAttempted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<string[]>([]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  useSavingNotice(saving);
  const currentFieldErrors = () => form.getFieldsError().flatMap((f) => f.errors);

  /** Errors by field name onto the form's fields; what matches no field stays in the summary until the next save. */
  function showFieldErrors(fields: Record<string, string[]>) {
    setAttempted(true);
    form.setFields(
      Object.entries(fields)
        .filter(([k]) => k !== '_form')
        .map(([field, list]) => ({ name: field as never, errors: list })),
    );
    const onFields = currentFieldErrors();
    setFieldErrors(onFields);
    setOtherErrors(
      Object.values(fields)
        .flat()
        .filter((m) => !onFields.includes(m)),
    );
  }
  const setErrors = (list: string[]) => {
    setAttempted(true);
    setFieldErrors([]);
    setOtherErrors(list);
  };

  /** Saves; `then` replaces onSaved for this save (Save and continue goes on to the next step instead). Answers whether it saved. */
  async function submit(values: V, then?: () => Promise<unknown>): Promise<boolean> {
    setSaving(true);
    setErrors([]);
    try {
      const result = await send(values, version);
      if (result === NOT_SENT) return false;
      // Rendered now, so a page that moves on after saving is not held by the unsaved-changes prompt.
      flushSync(() => setWarnWhen(false));
      setConflict(null);
      trackForm('form_success', name);
      if (announce) message.success(FORM_MESSAGES.saved);
      if (then) {
        // The next page may be this same form for another record (a details section): it opens ready, not saving.
        flushSync(() => setSaving(false));
        await then();
      } else await onSaved?.(result);
      return true;
    } catch (e) {
      trackForm('form_error', name);
      const error = readError(e);
      if (error.code === 'STALE' && error.current) setConflict({ ...error.current, message: error.message });
      else if (Object.keys(error.fields).length) showFieldErrors(error.fields);
      else setErrors([error.message]);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return {
    version,
    setVersion,
    saving,
    errors: [...fieldErrors, ...otherErrors],
    setErrors,
    showFieldErrors,
    conflict,
    submit,
    onValuesChange: () => setWarnWhen(true),
    /** Spread on the antd Form: the summary follows the fields' errors, the browser's own checks included. */
    formProps: {
      onValuesChange: () => setWarnWhen(true),
      onFinishFailed: ({ errorFields }: { errorFields: { errors: string[] }[] }) => {
        trackForm('form_error', name);
        setAttempted(true);
        setFieldErrors(errorFields.flatMap((f) => f.errors));
        setOtherErrors([]);
      },
      onFieldsChange: () => {
        if (attempted) setFieldErrors(currentFieldErrors());
      },
    },
    /** Their values into the form, at their version. */
    takeTheirs: () => {
      if (!conflict) return;
      form.setFieldsValue(toForm(conflict.values ?? {}) as never);
      setVersion(conflict.version);
      setConflict(null);
      setWarnWhen(false);
    },
    /** The next save overwrites theirs, knowingly. */
    keepMine: () => {
      if (!conflict) return;
      setVersion(conflict.version);
      setConflict(null);
    },
    toForm,
  };
}
