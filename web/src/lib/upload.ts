import { API_BASE, toApiError } from './api-client.ts';

export interface UploadOptions {
  /** Called with the share of the request body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form through XMLHttpRequest, because fetch cannot report upload progress.
 * Failures reject with the same ApiError apiRequest gives, so screens show the server's words.
 */
export function uploadForm<T>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      }
      toApiError(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText })).then(
        reject,
        reject,
      );
    };
    xhr.onerror = () => {
      reject(new Error('Network request failed'));
    };
    xhr.onabort = () => {
      reject(signal?.reason ?? new DOMException('The upload was aborted', 'AbortError'));
    };
    signal?.addEventListener(
      'abort',
      () => {
        xhr.abort();
      },
      { once: true },
    );
    xhr.send(form);
  });
}
