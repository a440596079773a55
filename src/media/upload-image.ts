import { GRAPHQL_PATH, requestHeaders } from '../../providers/graphql-transport';
import { readIdToken } from '../../providers/graphql-request';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { IMAGE_DOCS } from '../../resources/media/image.documents';

export type UploadHandle = { done: Promise<unknown>; abort: () => void };

/**
 * One photo in its own multipart GraphQL request (spec §7), sent with XMLHttpRequest because fetch
 * reports no upload progress. It carries what the transport adds to every request: the correlation
 * id (which Yoga's CSRF check also asks of a multipart request), the session cookies and, while the
 * new-auth flag is off, the bearer ID token. Rejects with the server's message for this file.
 */
export function uploadImage(
  input: { propertyId: number; section: string; roomTypeIds: string[] },
  file: File,
  onProgress: (percent: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<unknown>((resolve, reject) => {
    const body = new FormData();
    body.append('operations', JSON.stringify({ query: IMAGE_DOCS.upload, variables: { input, file: null } }));
    body.append('map', JSON.stringify({ 0: ['variables.file'] }));
    body.append('0', file, file.name);
    xhr.open('POST', GRAPHQL_PATH);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders({ getBearerToken: readIdToken })))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let answer: {
        data?: { uploadImage?: unknown };
        errors?: { message: string; extensions?: { fields?: Record<string, string[]> } }[];
      } | null = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = null;
      }
      const error = answer?.errors?.[0];
      if (answer?.data?.uploadImage && !error) return resolve(answer.data.uploadImage);
      const fields = error?.extensions?.fields ?? {};
      const named = fields.file?.[0] ?? Object.values(fields)[0]?.[0];
      reject(
        new Error(
          named ??
            error?.message ??
            (xhr.status === 413 ? 'This file is too large.' : GENERIC_MESSAGES.somethingWentWrong),
        ),
      );
    };
    xhr.onerror = () => reject(new Error("The upload couldn't reach the server. Check your connection and try again."));
    xhr.onabort = () => reject(new Error('Upload cancelled.'));
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
