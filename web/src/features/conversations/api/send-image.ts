import { TEXT, type ChatMessage } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { API_BASE, ApiError, errorMessage, toApiError } from '../../../lib/api-client.ts';
import { randomId } from '../../../lib/random-id.ts';
import { toast } from '../../../lib/toast.ts';
import { messagesQuery } from './get-messages.ts';
import { appendMessage } from './send-message.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** XMLHttpRequest rather than fetch: only it reports upload progress. */
function uploadImage(conversationId: string, file: File, onProgress: (fraction: number) => void): Promise<ChatMessage> {
  const form = new FormData();
  form.append('clientId', randomId());
  form.append('image', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/conversations/${conversationId}/images`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status >= 200 && xhr.status < 300) {
        response.json().then((body: { message: ChatMessage }) => resolve(body.message), reject);
      } else {
        toApiError(response).then(reject, reject);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, TEXT.conversations.imageFailed));
    xhr.send(form);
  });
}

export function useSendImage(conversationId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadImage(conversationId, file, setProgress),
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
    onSuccess: (message) => {
      queryClient.setQueryData(messagesQuery(conversationId).queryKey, (data) => appendMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
      toast.success(TEXT.conversations.imageUploaded);
    },
    onError: (error) => toast.error(errorMessage(error, TEXT.conversations.imageFailed)),
  });
  return { ...mutation, progress };
}
