/** Spec §8: GraphQL errors are logged as console warnings only (never console.error, never sent anywhere). */
export function warnGraphqlErrors(errors: readonly { message: string; extensions?: Record<string, unknown> }[]) {
  for (const e of errors) console.warn(`GraphQL error: ${e.message}`, e.extensions?.code ?? '');
}
