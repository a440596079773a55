/** Spec texts shared by the portal and the API (spec §4, §8). Retype none of them elsewhere. */
export const FORM_MESSAGES = {
  couldNotSave: "Couldn't save changes.",
  saved: 'Changes saved successfully.',
  savingChanges: 'Saving changes...',
  saving: 'Saving...',
  /** A form's submit button, and the rates grid's with its count of cells. */
  saveChanges: 'Save changes',
  sending: 'Sending...',
  network: 'Please check the form and re-submit.',
  unknown: 'An unknown error occurred',
  /** A field only the brand's staff set (a commission), changed by someone else. */
  staffOnly: (label: string) => `Only the brand's staff can change ${label}.`,
} as const;

/** A question a form asks before it saves (a summary to check, a name another record has): go on, or back to the form. */
export const CONFIRM_STEP = {
  confirm: 'Confirm',
  back: 'Back',
  askTitle: 'Save anyway?',
  saveAnyway: 'Save anyway',
} as const;

/** Spec §4: the page warns on leaving with unsaved changes. */
export const LEAVE_MESSAGES = {
  title: 'Leave this page?',
  body: 'You have unsaved changes. Leave this page and lose them?',
  leave: 'Leave',
  stay: 'Stay',
} as const;

export const GENERIC_MESSAGES = {
  somethingWentWrong: 'Sorry, something went wrong.',
  /** Spec §8: the generic error offers try again (a button's label). */
  tryAgain: 'Try again',
  notFound: "We couldn't find the page you were looking for.",
  unsupportedBrowser:
    'You are using an unsupported browser. Please upgrade your browser to improve your experience and security.',
} as const;
